import type { FastifyInstance } from 'fastify';
import { downloadDeliveryMessage, getSend, listSends, retryFailed, sendAgain } from '#shared/api/sends';
import { EML_TYPE } from '#shared/file-kinds';
import type { Guards } from '#server/auth/guards';
import { sendJsonBytes, toJsonBytes } from '#server/http/cached-json';
import { attachmentDisposition } from '#server/http/content-disposition';
import { routeDefiner } from '#server/http/define-route';
import * as emailLogs from './log-service';
import { emailLogDeliveryParams, emailLogIdParams, emailLogQuery } from '#shared/contracts/email-logs';

export function registerEmailLogRoutes(app: FastifyInstance, deps: emailLogs.EmailLogDeps, guards: Guards) {
  const route = routeDefiner(app, guards);

  route(listSends, { query: emailLogQuery }, async ({ query }) => emailLogs.listEmailLogs(deps, query));

  // One entry, polled every few seconds while its Deployment Details are open: a strong ETag of its bytes, 304 when unchanged.
  route(getSend, { params: emailLogIdParams }, async ({ params }, request, reply) =>
    sendJsonBytes(request, reply, toJsonBytes(await emailLogs.getEmailLog(deps, params.id))),
  );

  route(downloadDeliveryMessage, { params: emailLogDeliveryParams }, async ({ params, user }, _request, reply) => {
    const { raw, fileName } = await emailLogs.getDeliveryEml(deps, user, params.id, params.vendorId);
    return reply
      .header('Content-Type', EML_TYPE)
      .header('Content-Disposition', attachmentDisposition(fileName))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(raw);
  });

  route(retryFailed, { params: emailLogIdParams }, async ({ params, user }) =>
    emailLogs.retryFailed(deps, user, params.id),
  );

  route(sendAgain, { params: emailLogDeliveryParams }, async ({ params, user }) =>
    emailLogs.sendAgain(deps, user, params.id, params.vendorId),
  );
}
