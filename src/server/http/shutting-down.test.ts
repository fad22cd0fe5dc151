import { once } from 'node:events';
import { connect } from 'node:net';
import { describe, expect } from 'vitest';
import { test as it } from '../testing/fixtures';
import { ADMIN_EMAIL, register } from '../testing/test-app';

/** Everything the socket receives until the server closes it (bounded: a test must not hang). */
function readUntilClosed(socket: ReturnType<typeof connect>): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server did not close the connection; received:\n${received}`));
    }, 15_000);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
  });
}

describe('a request that reaches a server shutting down', () => {
  it('is answered 503 with Retry-After and a message, not a bare error, and the request in flight still finishes', async ({
    t,
  }) => {
    const { app } = t;
    // The shutdown has begun once the preClose hooks ran (the app's own, which refuses new requests, runs first).
    const closing = new Promise<void>((resolve) => app.addHook('preClose', async () => resolve()));
    const admin = await register(app, ADMIN_EMAIL);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };

    // A request in flight: its body is not all here yet, so the connection is busy when the shutdown starts.
    const body = JSON.stringify({
      vendorId: 'shut1',
      name: 'Shutdown Vendor',
      emails: ['orders@shutdown.test'],
      defaultUtmSource: 'shut1',
    });
    const socket = connect(port, '127.0.0.1');
    const received = readUntilClosed(socket);
    await once(socket, 'connect');
    // The server has read the request's head (its body not yet) when it emits 'request'.
    const arrived = once(app.server, 'request');
    socket.write(
      `POST /api/vendors HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${admin}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 5)}`,
    );
    await arrived;

    const closed = app.close();
    await closing;
    // The rest of the body, and a second request on the same connection while the server is closing.
    socket.write(
      `${body.slice(5)}GET /api/vendors HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${admin}\r\n\r\n`,
    );

    const text = await received;
    await closed;
    const responses = text.split(/(?=HTTP\/1\.1 )/);
    expect(responses, text).toHaveLength(2);
    expect(responses[0]).toMatch(/^HTTP\/1\.1 201 /);
    const [head, json] = responses[1]!.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(head).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(json!)).toEqual({
      message: 'The server is restarting. Please try again in a few seconds.',
      code: 'unavailable',
    });
  }, 60_000);
});
