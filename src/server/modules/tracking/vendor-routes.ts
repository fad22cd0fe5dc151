import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actOnVendorPage, getVendorAttachment, getVendorPage } from '#shared/api/vendor-page';
import { bearerToken } from '#server/auth/guards';
import { attachmentDisposition } from '#server/http/content-disposition';
import { routeDefiner } from '#server/http/define-route';
import type { UserLimiter } from '../rate-limits';
import * as vendorPage from './vendor-service';

/** The vendor's own page reads and writes only with its link (Authorization: Bearer <token>), never a session. */
export function registerVendorPageRoutes(app: FastifyInstance, deps: vendorPage.VendorPageDeps, limit: UserLimiter) {
  const route = routeDefiner(app);
  // The link is checked before the body is read; the service reads the delivery it stands for again (410 once expired).
  const perLink = {
    limit,
    authenticateLink: (request: FastifyRequest) => vendorPage.authenticateLink(deps, bearerToken(request)),
  };
  const noIndex = (reply: FastifyReply) => reply.header('X-Robots-Tag', 'noindex, nofollow');
  const originOf = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  });

  route(
    getVendorPage,
    async (_input, request, reply) => {
      noIndex(reply);
      return vendorPage.getVendorPage(deps, bearerToken(request));
    },
    perLink,
  );

  route(
    actOnVendorPage,
    async ({ body }, request, reply) => {
      noIndex(reply);
      return vendorPage.actOnVendorPage(deps, bearerToken(request), body, originOf(request));
    },
    perLink,
  );

  route(
    getVendorAttachment,
    async ({ params }, request, reply) => {
      const file = await vendorPage.getVendorAttachment(deps, bearerToken(request), params.index);
      return noIndex(reply)
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', attachmentDisposition(file.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(file.data);
    },
    perLink,
  );
}
