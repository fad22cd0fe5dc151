import type { FastifyInstance } from 'fastify';
import {
  acceptQuantity,
  finalizeStatement as finalizeOperation,
  getStatement,
  getMonthOverviewCsv,
  getStatementCsv,
  listVendorQuantityLimits,
  markStatementPaid as markPaidOperation,
  saveVendorQuantityLimit,
  sendStatement as sendOperation,
} from '#shared/api/statements';
import { getRecentVendorPerformance, getVendorPerformance } from '#shared/api/performance';
import type { Guards } from '#server/auth/guards';
import type { ReadCache } from '#server/cache/read-cache';
import { sendJsonBytes } from '#server/http/cached-json';
import { attachmentDisposition } from '#server/http/content-disposition';
import { routeDefiner } from '#server/http/define-route';
import { cachedRecentPerformance, vendorPerformance } from './performance-service';
import { acceptReportedQuantity, listQuantityLimits, saveQuantityLimit } from './quantity-service';
import { monthOverview } from './overview-service';
import { overviewCsv, statementCsv } from './statement-csv';
import { sendStatement, type StatementMailDeps } from './statement-mail';
import { finalizeStatement, markStatementPaid, readStatement } from './statement-service';

/**
 * Payouts (issue 24): statements per vendor and New York month (read by anyone signed in; finalized and marked paid by
 * admins), their CSV, an admin's acceptance of a reported quantity, and the vendors' quantity limits. Admin bodies are
 * refused before they are read. Vendor performance per client and period, and the last 90 days for 'Select Vendors'
 * (kept in the read cache).
 */
export function registerPayoutRoutes(
  app: FastifyInstance,
  deps: StatementMailDeps & { cache: ReadCache },
  guards: Guards,
) {
  const route = routeDefiner(app, guards);
  const beforeBody = { isAuthenticatedBeforeBody: true };

  route(getStatement, ({ query }) =>
    query.vendorId === undefined
      ? monthOverview(deps.db, query.month)
      : readStatement(deps, query.vendorId, query.month),
  );
  route(getMonthOverviewCsv, async ({ params }, _request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', attachmentDisposition(`statements-${params.month}.csv`))
      .send(overviewCsv(await monthOverview(deps.db, params.month))),
  );
  route(getStatementCsv, async ({ params }, _request, reply) => {
    const statement = await readStatement(deps, params.vendorId, params.month);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', attachmentDisposition(`statement-${params.vendorId}-${params.month}.csv`))
      .send(statementCsv(statement));
  });
  route(
    finalizeOperation,
    ({ params, body, user }) => finalizeStatement(deps, user, params.vendorId, params.month, body?.confirm === true),
    beforeBody,
  );
  route(
    markPaidOperation,
    ({ params, body, user }) => markStatementPaid(deps, user, params.vendorId, params.month, body),
    beforeBody,
  );
  route(sendOperation, ({ params, user }) => sendStatement(deps, user, params.vendorId, params.month), beforeBody);
  route(
    acceptQuantity,
    ({ params, body, user }) => acceptReportedQuantity(deps, user, params.sendId, params.vendorId, body.quantity),
    beforeBody,
  );
  route(getVendorPerformance, ({ query }) => vendorPerformance(deps, query.client, query));
  route(getRecentVendorPerformance, async ({ query }, request, reply) =>
    sendJsonBytes(request, reply, await cachedRecentPerformance(deps, query.client)),
  );
  route(listVendorQuantityLimits, () => listQuantityLimits(deps));
  route(
    saveVendorQuantityLimit,
    ({ params, body, user }) => saveQuantityLimit(deps, user, params.vendorId, body.quantityLimit),
    beforeBody,
  );
}
