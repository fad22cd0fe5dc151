import type { FastifyInstance } from 'fastify';
import { downloadDeliveryMessage, getSend, listSends, retryFailed, sendAgain } from '#shared/api/sends';
import { EML_TYPE } from '#shared/file-kinds';
import type { Guards } from '#server/auth/guards';
import { answerSchemaOfRoute, sendJsonBytes, toJsonBytes } from '#server/http/cached-json';
import { attachmentDisposition } from '#server/http/content-disposition';
import { routeDefiner } from '#server/http/define-route';
import * as emailLogs from './log-service';

export function registerSendLogRoutes(app: FastifyInstance, deps: emailLogs.SendLogDeps, guards: Guards) {
  const route = routeDefiner(app, guards);

  route(listSends, async ({ query }) => emailLogs.listSendEntries(deps, query));

  // One entry, polled every few seconds while its Deployment Details are open: a strong ETag of its bytes, 304 when unchanged.
  route(getSend, async ({ params }, request, reply) =>
    sendJsonBytes(
      request,
      reply,
      toJsonBytes(await emailLogs.getSendEntry(deps, params.id), answerSchemaOfRoute(request)),
    ),
  );

  route(downloadDeliveryMessage, async ({ params, user }, _request, reply) => {
    const { raw, fileName } = await emailLogs.getDeliveryEml(deps, user, params.id, params.vendorId);
    return reply
      .header('Content-Type', EML_TYPE)
      .header('Content-Disposition', attachmentDisposition(fileName))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(raw);
  });

  route(retryFailed, async ({ params, user }) => emailLogs.retryFailed(deps, user, params.id));

  route(sendAgain, async ({ params, user }) => emailLogs.sendAgain(deps, user, params.id, params.vendorId));
}
