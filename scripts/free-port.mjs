// A free TCP port on the loopback interface, for a server a test, a benchmark or a script starts: the one helper for
// it in the repository (plain JavaScript, so the .mjs scripts that run without a TypeScript loader share it too).
import { createServer } from 'node:net';

/** A port the system just handed out and that nobody listens on now (another process may still take it first). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
