import type { FastifyInstance } from 'fastify';
import { fileParams, fileQuery } from '#shared/contracts/files';
import type { Guards } from '#server/auth/guards';
import { attachmentDisposition } from '#server/http/content-disposition';
import { parseInput } from '#server/validation';
import { getFile, type FileDeps } from './service';

export function registerFileRoutes(app: FastifyInstance, deps: FileDeps, guards: Guards) {
  app.get('/api/files/:key', { preHandler: guards.requireUser }, async (request, reply) => {
    const { key } = parseInput(fileParams, request.params, 'key');
    const { type } = parseInput(fileQuery, request.query, 'query');
    const file = await getFile(deps, key, type);
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
