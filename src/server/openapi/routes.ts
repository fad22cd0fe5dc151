import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, type OpenApiDocument } from './document';

export function registerOpenApiRoutes(app: FastifyInstance) {
  let document: OpenApiDocument | undefined;
  // Built on first request: the contracts do not change while the server runs.
  app.get('/api/openapi.json', async () => (document ??= buildOpenApiDocument()));
}
