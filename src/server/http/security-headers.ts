import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The headers every answer carries (helmet): a Content-Security-Policy that allows only our own scripts, no framing
 * by other sites, nosniff, no referrer; and `Cache-Control: no-store` on every API answer that does not set its own,
 * since nearly all of them carry the agency's data (users, vendors, sends) that no shared cache or disk should keep.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(fastifyHelmet, {
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
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });
}
