import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const HELMET_OPTIONS: HelmetOptions = {
  referrerPolicy: { policy: 'no-referrer' },
  contentSecurityPolicy: {
    directives: {
      // Vendor images (https), pasted and uploaded previews (data:, blob:).
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      // The preview shows each email card's HTML in a frame.
      'frame-src': ["'self'", 'blob:', 'data:'],
      // Only this origin may frame the app (with X-Frame-Options: SAMEORIGIN for older browsers).
      'frame-ancestors': ["'self'"],
      // Served over plain http in the embedded default; a TLS proxy in front sets its own policy.
      'upgrade-insecure-requests': null,
    },
  },
};

/**
 * What helmet does to every response with these options (no directive depends on the request), worked out once:
 * @fastify/helmet called helmet(options) anew on each request, building every middleware and the CSP string again
 * (about an eighth of the CPU of a cached GET).
 */
export function helmetHeaderSet(options: HelmetOptions = HELMET_OPTIONS) {
  const set: [name: string, value: string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string) {
      set.push([name, value]);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return { set, removed };
}

/**
 * The headers every answer carries (helmet): a Content-Security-Policy that allows only our own scripts, no framing
 * by other sites, nosniff, no referrer; and `Cache-Control: no-store` on every API answer that does not set its own,
 * since nearly all of them carry the agency's data (users, vendors, sends) that no shared cache or disk should keep.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  const { set, removed } = helmetHeaderSet();
  // On the raw response, as helmet itself sets them: a route's own header (a download's CSP) still replaces one.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of set) reply.raw.setHeader(name, value);
    for (const name of removed) reply.raw.removeHeader(name);
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });
}
