import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { attachmentParams, vendorAction } from '#shared/contracts/tracking';
import { bearerToken } from '#server/auth/guards';
import { attachmentDisposition } from '#server/http/content-disposition';
import { parseInput } from '#server/validation';
import type { UserLimiter } from '../rate-limits/limits';
import * as vendorPage from './vendor-service';

/** The vendor's own page reads and writes only with its link (Authorization: Bearer <token>), never a session. */
export function registerVendorPageRoutes(app: FastifyInstance, deps: vendorPage.VendorPageDeps, limit: UserLimiter) {
  const perLink = { onRequest: [limit] };
  const noIndex = (reply: FastifyReply) => reply.header('X-Robots-Tag', 'noindex, nofollow');
  const originOf = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  });

  app.get('/api/vendor-page', perLink, async (request, reply) => {
    noIndex(reply);
    return vendorPage.getVendorPage(deps, bearerToken(request));
  });

  app.post('/api/vendor-page/actions', perLink, async (request, reply) => {
    noIndex(reply);
    const action = parseInput(vendorAction, request.body);
    return vendorPage.actOnVendorPage(deps, bearerToken(request), action, originOf(request));
  });

  app.get('/api/vendor-page/attachments/:index', perLink, async (request, reply) => {
    const { index } = parseInput(attachmentParams, request.params, 'index');
    const file = await vendorPage.getVendorAttachment(deps, bearerToken(request), index);
    return noIndex(reply)
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', attachmentDisposition(file.fileName))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(file.data);
  });
}
