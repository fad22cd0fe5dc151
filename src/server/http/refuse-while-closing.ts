import type { FastifyInstance } from 'fastify';
import { defaultErrorCode } from '#shared/api/error-codes';

/** When a client may try again after a request reached a server that was shutting down. */
const SHUTTING_DOWN_RETRY_AFTER_SECONDS = 5;
const SHUTTING_DOWN = 'The server is restarting. Please try again in a few seconds.';

/**
 * While the server shuts down, a request that still arrives on an open connection is told to come back (another
 * instance, or this one restarted, will take it) before anything reads its body or the database. Fastify's own bare
 * 503 is turned off (`return503OnClosing: false`) for this one, with Retry-After and a message.
 */
export function refuseWhileClosing(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) {
      return reply
        .code(503)
        .headers({ 'Retry-After': String(SHUTTING_DOWN_RETRY_AFTER_SECONDS), Connection: 'close' })
        .send({ message: SHUTTING_DOWN, code: defaultErrorCode(503) });
    }
  });
}
