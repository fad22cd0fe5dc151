import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { defaultErrorCode } from '#shared/api/error-codes';
import { VENDOR_PAGE_PATH } from '#server/modules/sends/index';

/**
 * The built client and the answer for every path no route took: JSON 404 under /api, otherwise the client's
 * index.html, whose router shows the screen (or '404 Page Not Found'). Not encapsulated: the not-found handler is the
 * whole app's. Without a built client (API-only tests) every unknown path is a JSON 404.
 */
const serveClient: FastifyPluginAsync<{ clientDir?: string }> = async (app, { clientDir }) => {
  const hasClient = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));
  if (hasClient) {
    // Looked up per request, so a rebuild of the client is served without a restart.
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      setHeaders(response, path) {
        // Built assets carry a content hash in their names; the page itself must always be fetched fresh.
        response.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/') || path === '/api' || !hasClient || request.method !== 'GET') {
      return reply.code(404).send({ message: `Not found: ${request.method} ${path}`, code: defaultErrorCode(404) });
    }
    // The vendor page is reached by a capability link: search engines must never list it.
    if (path === VENDOR_PAGE_PATH) reply.header('X-Robots-Tag', 'noindex, nofollow');
    // Every other page is the client's: its router shows the screen, or '404 Page Not Found'.
    return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
  });
};

export const spaPlugin = fp(serveClient, { name: 'spa' });
