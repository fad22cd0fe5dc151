import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { LINGER_MAX_BYTES } from '#server/http/lingering-close';
import { test } from '#server/testing/fixtures';
import { httpUpload } from '#server/testing/http-upload';
import { rawUpload } from '#server/testing/raw-upload';
import { startServer } from '#server/testing/server-process';
import { ADMIN_EMAIL, bearer, PASSWORD, register } from '#server/testing/test-app';
import { SESSION_LIFETIME_MS } from './tokens';

const MB = 1024 * 1024;
/** Larger than every route's body limit would let through if it were read, far more than a socket buffers. */
const UPLOAD_SIZE = 50 * MB;
/**
 * What the server may read of a refused upload: what the lingering close reads and drops after the answer, and what was
 * on its way when it stopped; never the whole body.
 */
const READ_ALLOWANCE = LINGER_MAX_BYTES + 1 * MB;

/** The app listening on 127.0.0.1 (closed with the app), and the bytes it read from every connection it accepted. */
const it = test.extend('server', async ({ app }) => {
  const sockets: Socket[] = [];
  app.server.on('connection', (socket: Socket) => sockets.push(socket));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as AddressInfo).port,
    /** The most the server read from one connection accepted since the last call to forgetConnections(). */
    bytesReadByServer: () => Math.max(...sockets.map((socket) => socket.bytesRead)),
    forgetConnections: () => sockets.splice(0),
    /** The server's side of the connections it accepted since the last call to forgetConnections(). */
    connections: () => [...sockets],
  };
});

const largeBodyRoutes = [
  ['POST', '/api/send-email-consolidated'],
  ['POST', '/api/send-proof'],
  ['POST', '/api/prospecting-drafts'],
  ['PATCH', '/api/prospecting-drafts/card-1'],
  ['POST', '/api/send-email'],
  ['POST', '/api/results/imports?client=goa-victory'],
  ['POST', '/api/results/imports/preview?client=goa-victory'],
  ['POST', '/api/results/prior-donors?client=goa-victory'],
] as const;

/** Every route that authenticates before it reads its body (the large-body ones and the smaller ones that do too). */
const routesAuthenticatedBeforeBody = [
  ...largeBodyRoutes,
  ['POST', '/api/email-logs/1/add-vendors'],
  ['POST', '/api/email-logs/1/add-vendors/proof'],
  ['POST', '/api/email-logs/1/deliveries/vendor-1/tracking'],
] as const;

const RUNS = 20;

describe('authentication before the body', () => {
  it.for(largeBodyRoutes)(
    '%s %s refuses an anonymous 50 MB upload with 401 before reading it, and /api/health answers meanwhile',
    async ([method, path], { server: { port, bytesReadByServer } }) => {
      const events: string[] = [];
      let health: Promise<void> | undefined;
      const upload = await rawUpload({
        port,
        method,
        path,
        size: UPLOAD_SIZE,
        onStarted: () => {
          health = fetch(`http://127.0.0.1:${port}/api/health`).then(async (response) => {
            events.push(`health ${response.status} after ${bytesReadByServer()} bytes read`);
            expect(await response.json()).toEqual({ ok: true });
          });
        },
      });
      events.push(`upload ${upload.status}`);
      await health;

      expect(upload.status).toBe(401);
      // The client went on sending; the server closed the connection after reading (and dropping) a bounded part of it.
      expect(upload.bodyBytesWritten).toBeLessThan(UPLOAD_SIZE);
      expect(bytesReadByServer()).toBeLessThan(READ_ALLOWANCE);
      expect(events).toHaveLength(2);
      const healthEvent = events.find((event) => event.startsWith('health'))!;
      expect(healthEvent).toMatch(/^health 200 after \d+ bytes read$/);
      expect(Number(/after (\d+)/.exec(healthEvent)![1])).toBeLessThan(READ_ALLOWANCE);
    },
  );

  it('refuses an expired and a logged-out token the same way, and still reads the body of a valid one', async ({
    t,
    server: { port, bytesReadByServer, forgetConnections },
  }) => {
    const token = await register(t.app, ADMIN_EMAIL);
    const upload = (authorization: string) =>
      rawUpload({
        port,
        method: 'POST',
        path: '/api/prospecting-drafts',
        size: UPLOAD_SIZE,
        headers: { authorization },
      });

    // A valid session gets its body read and judged (here: not a draft).
    const valid = await rawUpload({
      port,
      method: 'POST',
      path: '/api/prospecting-drafts',
      size: 1 * MB,
      headers: bearer(token),
    });
    expect(valid.status).toBe(400);

    t.clock.advance(SESSION_LIFETIME_MS + 1);
    forgetConnections();
    const expired = await upload(`Bearer ${token}`);
    expect(expired.status).toBe(401);
    expect(bytesReadByServer()).toBeLessThan(READ_ALLOWANCE);

    const second = (
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: ADMIN_EMAIL, password: PASSWORD } })
    ).json().token as string;
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(second) })).statusCode).toBe(204);
    forgetConnections();
    const revoked = await upload(`Bearer ${second}`);
    expect(revoked.status).toBe(401);
    expect(bytesReadByServer()).toBeLessThan(READ_ALLOWANCE);
  });
});

describe('the lingering close after a refusal', () => {
  it('lets go of a client that stops sending halfway and never closes: the answer, then the end of the connection', async ({
    server: { port, connections },
  }) => {
    // allowHalfOpen: the server's half-close does not make this client end its side.
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    let answer = '';
    socket.setEncoding('latin1').on('data', (data: string) => (answer += data));
    socket.on('error', () => {});
    const answered = new Promise<void>((resolve) => socket.once('end', () => resolve()));
    socket.write(
      [
        'POST /api/prospecting-drafts HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        `Content-Length: ${50 * MB}`,
        '',
        '{"html":"aaaa',
      ].join('\r\n'),
    );
    // The server's half-close comes after the answer.
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer.endsWith('{"message":"Unauthorized","code":"unauthorized"}')).toBe(true);
    // The client sends nothing more and keeps its side open: only the server's bounded wait ends the connection.
    const [accepted] = connections();
    if (!accepted.destroyed) await new Promise((resolve) => accepted.once('close', resolve));
    expect(accepted.destroyed).toBe(true);
    socket.destroy();
  });
});

// Embedded mode only: the server process keeps its data in PGlite whatever the run, so the PostgreSQL run of the API
// tests (TEST_DATABASE_URL) would only repeat these 320 uploads.
describe.skipIf(process.env.TEST_DATABASE_URL)('a refusal before the body reaches the client', () => {
  // The server in a process of its own, as in production: within one process the client happens to read the answer
  // before the server's reset arrives, and the test would prove nothing.
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer({}, { dataFrom: inject('migratedDataDir') });
  });
  afterAll(() => server?.stop());

  it.for(routesAuthenticatedBeforeBody)(
    "%s %s: Node's HTTP client writing 30 MB and 50 MB anonymously reads the 401 and its message every time (20 runs)",
    async ([method, path]) => {
      const port = Number(new URL(server.url).port);
      const outcomes: string[] = [];
      for (let run = 0; run < RUNS; run++) {
        for (const size of [30 * MB, 50 * MB]) {
          const upload = await httpUpload({ port, method, path, size });
          outcomes.push(`${upload.status} ${upload.body} ${upload.error ?? ''}`.trim());
        }
      }
      expect(outcomes).toEqual(
        Array.from({ length: RUNS * 2 }, () => '401 {"message":"Unauthorized","code":"unauthorized"}'),
      );
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    },
  );
});
