import type { FastifyInstance } from 'fastify';
import { downloadFile } from '#shared/api/files';
import type { Guards } from '#server/auth/guards';
import { attachmentDisposition } from '#server/http/content-disposition';
import { routeDefiner } from '#server/http/define-route';
import { getFile, type FileDeps } from './service';

export function registerFileRoutes(app: FastifyInstance, deps: FileDeps, guards: Guards) {
  routeDefiner(app, guards)(downloadFile, async ({ params, query }, _request, reply) => {
    const file = await getFile(deps, params.key, query.type);
    return (
      reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', attachmentDisposition(file.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        // Never rendered on our origin, even if a browser ignored the attachment disposition.
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .send(file.data)
    );
  });
}
