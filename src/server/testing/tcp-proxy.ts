import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/** How long the server is given to finish a statement whose answer the proxy drops, before the connection is cut. */
const LOST_ANSWER_CUT_MS = 300;

/**
 * A loopback TCP proxy to `target`: the database (or any server) as the app sees it over the network. `cut()` drops
 * every connection and stops listening, so new ones are refused as by a server that went away; `restore()` listens on
 * the same port again. `loseAnswer(request, answer)` lets requests through as usual, but the first answer matching
 * `answer` to a request matching `request` is dropped, with all that follows on that connection, which is then cut:
 * the statement ran (and committed), the client never hears of it.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let losing: { request: RegExp; answer: RegExp; resolve: () => void } | undefined;
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    let isWatched = false;
    let isAnswerLost = false;
    client.on('data', (chunk: Buffer) => {
      // Watched until the client's next statement (a PostgreSQL Parse or Query message): the request and its answer
      // may each come in several pieces.
      const text = chunk.toString('latin1');
      if (losing?.request.test(text)) isWatched = true;
      else if (text.startsWith('P') || text.startsWith('Q')) isWatched = false;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (isWatched && !isAnswerLost && losing?.answer.test(chunk.toString('latin1'))) {
        const { resolve } = losing;
        losing = undefined;
        isAnswerLost = true;
        setTimeout(() => {
          client.destroy();
          upstream.destroy();
          resolve();
        }, LOST_ANSWER_CUT_MS);
      }
      if (!isAnswerLost) client.write(chunk);
    });
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const { port } = server.address() as AddressInfo;
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  return {
    port,
    cut: stop,
    restore: () => listen(port),
    close: stop,
    /** Arms the lost answer; resolves once its connection was cut. */
    loseAnswer(request: RegExp, answer: RegExp): Promise<void> {
      return new Promise((resolve) => {
        losing = { request, answer, resolve };
      });
    },
  };
}

export type TcpProxy = Awaited<ReturnType<typeof startTcpProxy>>;
