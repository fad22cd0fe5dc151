import type { AddressInfo, Socket } from 'node:net';
import { describe, expect } from 'vitest';
import { test } from '#server/testing/fixtures';
import { rawUpload } from '#server/testing/raw-upload';
import { ADMIN_EMAIL, bearer, PASSWORD, register } from '#server/testing/test-app';
import { SESSION_LIFETIME_MS } from './tokens';

const MB = 1024 * 1024;
/** Larger than every route's body limit would let through if it were read, far more than a socket buffers. */
const UPLOAD_SIZE = 50 * MB;
/** What the server may read of a refused upload: its headers and the parser's first chunk (64 KB measured), not the body. */
const READ_ALLOWANCE = 1 * MB;

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
  };
});

const largeBodyRoutes = [
  ['POST', '/api/send-email-consolidated'],
  ['POST', '/api/send-proof'],
  ['POST', '/api/prospecting-drafts'],
  ['PATCH', '/api/prospecting-drafts/card-1'],
  ['POST', '/api/send-email'],
] as const;

describe('authentication before the body', () => {
  it.for(largeBodyRoutes)('%s %s refuses an anonymous 50 MB upload with 401 before reading it, and /api/health answers meanwhile', async ([method, path], { server: { port, bytesReadByServer } }) => {
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
    // The client went on sending; the server closed the connection instead of reading (and dropping) the rest.
    expect(upload.bodyBytesWritten).toBeLessThan(UPLOAD_SIZE);
    expect(bytesReadByServer()).toBeLessThan(READ_ALLOWANCE);
    expect(events).toHaveLength(2);
    const healthEvent = events.find((event) => event.startsWith('health'))!;
    expect(healthEvent).toMatch(/^health 200 after \d+ bytes read$/);
    expect(Number(/after (\d+)/.exec(healthEvent)![1])).toBeLessThan(READ_ALLOWANCE);
  });

  it('refuses an expired and a logged-out token the same way, and still reads the body of a valid one', async ({ t, server: { port, bytesReadByServer, forgetConnections } }) => {
    const token = await register(t.app, ADMIN_EMAIL);
    const upload = (authorization: string) =>
      rawUpload({ port, method: 'POST', path: '/api/prospecting-drafts', size: UPLOAD_SIZE, headers: { authorization } });

    // A valid session gets its body read and judged (here: not a draft).
    const valid = await rawUpload({ port, method: 'POST', path: '/api/prospecting-drafts', size: 1 * MB, headers: bearer(token) });
    expect(valid.status).toBe(400);

    t.clock.advance(SESSION_LIFETIME_MS + 1);
    forgetConnections();
    const expired = await upload(`Bearer ${token}`);
    expect(expired.status).toBe(401);
    expect(bytesReadByServer()).toBeLessThan(READ_ALLOWANCE);

    const second = (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: ADMIN_EMAIL, password: PASSWORD } })).json().token as string;
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(second) })).statusCode).toBe(204);
    forgetConnections();
    const revoked = await upload(`Bearer ${second}`);
    expect(revoked.status).toBe(401);
    expect(bytesReadByServer()).toBeLessThan(READ_ALLOWANCE);
  });
});
