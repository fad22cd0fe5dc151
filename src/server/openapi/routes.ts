import type { FastifyInstance } from 'fastify';
import type { RegisteredOperation } from '#shared/api/operation';
import { getOpenApiDocument } from '#shared/api/health';
import { defineRoute } from '#server/http/define-route';
import { buildOpenApiDocument, type OpenApiDocument } from './document';

/**
 * Collects the declaration of every route registered after it (defineRoute puts it in the route's config) and serves
 * the document built from them. A route under /api registered without a declaration fails the start: nothing the API
 * answers is left out of its document, its guard or its input parsing.
 */
export function registerOpenApiRoutes(app: FastifyInstance) {
  const operations: RegisteredOperation[] = [];
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((method) => method === 'HEAD')) return;
    const operation = route.config?.operation;
    if (operation) operations.push(operation);
    else if (route.url.startsWith('/api/') || route.url === '/api')
      throw new Error(`${methods.join(',')} ${route.url}: a route under /api is registered with defineRoute`);
  });
  let document: OpenApiDocument | undefined;
  // Built on first request: the routes do not change once the server runs.
  defineRoute(app, undefined, getOpenApiDocument, async () => (document ??= buildOpenApiDocument(operations)));
  app.decorate('apiOperations', operations);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The declarations of the operations this app serves, in the order their routes were registered. */
    apiOperations: readonly RegisteredOperation[];
  }
}
