import type { FastifyInstance } from 'fastify';
import type { ReadCache } from './read-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that writes (an OAuth callback): its answer waits, as other methods' do, until its changes reach the cache. */
    writes?: boolean;
  }
}

/**
 * After a request that may have written, its own changes reach this instance's cache before the answer leaves, so
 * the client's next read here sees them (on PGlite they already have). On the root instance: every route's answer.
 */
export function settleCacheBeforeAnswer(app: FastifyInstance, cache: ReadCache) {
  app.addHook('onSend', async (request) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.routeOptions.config.writes)
      await cache.settle();
  });
}
