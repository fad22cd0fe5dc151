import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getTrackingBoard, recordUpdate, reviewSeedTest, revokeLink } from '#shared/api/tracking';
import type { Guards } from '#server/auth/guards';
import { answerSchemaOfRoute, sendJsonBytes, toJsonBytes } from '#server/http/cached-json';
import { routeDefiner } from '#server/http/define-route';
import type { UserLimiter } from '../rate-limits';
import type { OwedOfSends } from '../sends';
import * as tracking from './service';

/**
 * The team's side of deployment tracking. What changes what a send's vendors get (answers, links turned off, updates
 * recorded) counts against the user's `vendorUpdates` limit.
 */
export function registerTrackingRoutes(
  app: FastifyInstance,
  deps: tracking.ReviewDeps & { owedOfSends: OwedOfSends },
  guards: Guards,
  limit: UserLimiter,
) {
  const route = routeDefiner(app, guards);

  // Polled every few seconds while the board is open: answered with a strong ETag of its bytes, 304 when unchanged.
  route(getTrackingBoard, async ({ query }, request, reply) =>
    sendJsonBytes(
      request,
      reply,
      toJsonBytes(await tracking.getTrackingBoard(deps, query), answerSchemaOfRoute(request)),
    ),
  );

  route(revokeLink, async ({ params, user }) => tracking.revokeVendorLink(deps, user, params.id, params.vendorId), {
    limit,
  });

  route(
    reviewSeedTest,
    async ({ params, body, user }) => tracking.reviewSeedTest(deps, user, params.id, params.vendorId, body),
    { limit },
  );

  // 'Record an update' on a vendor's behalf: the vendor page's action body and rule, with or without a working link.
  // The session is checked before the body is read.
  route(
    recordUpdate,
    async ({ params, body, user }, request) =>
      tracking.recordVendorUpdate(deps, user, params.id, params.vendorId, body, originOf(request)),
    { isAuthenticatedBeforeBody: true, limit },
  );
}

const originOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
});
