import { chmod, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The embedded server's maintenance door: an HTTP server on a Unix socket inside DATA_DIR (owner-only), so only
 * someone who may read DATA_DIR anyway can ask the running server for a consistent backup. No TCP port, no token.
 */
export const controlSocketPath = (dataDir: string) => join(dataDir, 'control.sock');

export interface ControlHandlers {
  backup(output: Writable): Promise<{ files: number }>;
}

export async function startControlSocket(dataDir: string, handlers: ControlHandlers, log: FastifyBaseLogger) {
  const path = controlSocketPath(dataDir);
  // The caller holds DATA_DIR's lock: a socket file left here is a dead server's.
  await rm(path, { force: true });
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/backup') {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not found' }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/gzip' });
    handlers.backup(response).then(
      ({ files }) => log.info({ files }, 'backup written'),
      (error: unknown) => {
        log.error({ err: error }, 'backup failed');
        // A cut stream: the client never mistakes half a backup for a whole one.
        response.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(path, resolve));
  await chmod(path, 0o600);
  return {
    path,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(path, { force: true });
    },
  };
}
