import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../testing/s3-server';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import { FileStoreUnavailableError, isFileKey, newFileKey, type FileStorage } from './storage';

// The S3 store against s3rver: a real S3 protocol server (S3's XML answers and errors, the access key id checked)
// written by others, on loopback.

let dir: string;
let s3: S3Server;
const drivers: Record<string, () => FileStorage> = {
  local: () => createLocalStorage(join(dir, 'files')),
  s3: () => createS3Storage(s3.settings),
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dispatch-storage-'));
  s3 = await startS3Server();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await s3.close();
});

describe('file keys', () => {
  it('are 32 random hex characters', () => {
    const keys = new Set(Array.from({ length: 100 }, newFileKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(isFileKey(key)).toBe(true);
    expect(isFileKey('../etc/passwd')).toBe(false);
    expect(isFileKey('A'.repeat(32))).toBe(false);
  });
});

describe.each(Object.keys(drivers))('%s storage', (name) => {
  it('stores, reads back byte for byte, lists and deletes', async () => {
    const storage = drivers[name]!();
    expect(storage.name).toBe(name);
    const key = newFileKey();
    const data = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));
    await storage.put(key, data, 'image/png');
    expect((await storage.get(key))?.equals(data)).toBe(true);
    const listed: string[] = [];
    for await (const object of storage.list()) listed.push(object.key);
    expect(listed).toContain(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
  });

  it('keeps a 20 MB object whole', async () => {
    const storage = drivers[name]!();
    const key = newFileKey();
    const data = randomBytes(20 * 1024 * 1024);
    await storage.put(key, data, 'message/rfc822');
    expect((await storage.get(key))?.equals(data)).toBe(true);
    await storage.delete(key);
  });

  it('answers null for a key it never stored and refuses anything that is not a key', async () => {
    const storage = drivers[name]!();
    expect(await storage.get(newFileKey())).toBeNull();
    await expect(storage.get('../secret.key')).rejects.toThrow(/Not a file key/);
    await expect(storage.put('a/b', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Not a file key/);
  });
});

/** A plain HTTP relay in front of the S3 server that notes each request's method, path (without the query) and Host header. */
async function startRecordingRelay(target: string) {
  const requests: { method: string; path: string; host: string }[] = [];
  const relay = createServer((incoming, outgoing) => {
    requests.push({
      method: incoming.method ?? '',
      path: (incoming.url ?? '').split('?')[0]!,
      host: incoming.headers.host ?? '',
    });
    const upstream = httpRequest(
      `${target}${incoming.url}`,
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => relay.close(() => resolve())).finally(() => relay.closeAllConnections()),
  };
}

describe('s3 storage', () => {
  it('addresses the bucket by path on the endpoint (no bucket host name), with the content type kept', async () => {
    const relay = await startRecordingRelay(s3.endpoint);
    try {
      const storage = createS3Storage({ ...s3.settings, endpoint: relay.endpoint });
      const key = newFileKey();
      await storage.put(key, Buffer.from('<p>hi</p>'), 'text/html; charset=utf-8');
      expect(relay.requests.at(-1)).toEqual({
        method: 'PUT',
        path: `/${s3.bucket}/${key}`,
        host: new URL(relay.endpoint).host,
      });
      // Read back by a plain GET of the path, as S3 answers it.
      const plain = await fetch(`${s3.endpoint}/${s3.bucket}/${key}`);
      expect(plain.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await plain.text()).toBe('<p>hi</p>');
    } finally {
      await relay.close();
    }
  });

  it('names a refused access key as the store being unavailable, for every operation', async () => {
    const storage = createS3Storage({ ...s3.settings, accessKeyId: 'someone-else' });
    const refusal =
      /^The S3 bucket "dispatch-test" at http:\/\/127\.0\.0\.1:\d+ refused the request: 403 InvalidAccessKeyId/;
    for (const operation of [
      () => storage.put(newFileKey(), Buffer.from('x'), 'text/plain'),
      () => storage.get(newFileKey()),
      () => storage.delete(newFileKey()),
      async () => {
        for await (const object of storage.list()) expect(object).toBeUndefined();
      },
    ]) {
      const error = await operation().then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(FileStoreUnavailableError);
      expect((error as Error).message).toMatch(refusal);
      // The secret is never in what is logged.
      expect((error as Error).message).not.toContain(s3.settings.secretAccessKey);
    }
  });

  it('names a stopped server as the store not reached, and works again once it is back', async () => {
    const server = await startS3Server('dispatch-restart');
    try {
      const storage = createS3Storage(server.settings);
      const kept = newFileKey();
      await storage.put(kept, Buffer.from('before'), 'text/plain');
      await server.stop();
      const error = await storage.put(newFileKey(), Buffer.from('x'), 'text/plain').then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(FileStoreUnavailableError);
      expect((error as Error).message).toMatch(
        /^The S3 bucket "dispatch-restart" at http:\/\/127\.0\.0\.1:\d+ could not be reached: ECONNREFUSED/,
      );
      await expect(storage.get(kept)).rejects.toBeInstanceOf(FileStoreUnavailableError);
      await server.start();
      expect((await storage.get(kept))?.toString()).toBe('before');
    } finally {
      await server.close();
    }
  });

  it('gives up on an endpoint that takes the connection and never answers, naming it not reached', async () => {
    const sockets = new Set<Socket>();
    const silent = createTcpServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const storage = createS3Storage({ ...s3.settings, endpoint }, { connectMs: 200, idleMs: 200 });
      const error = await storage.put(newFileKey(), Buffer.from('x'), 'text/plain').then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(FileStoreUnavailableError);
      expect((error as Error).message).toMatch(
        /^The S3 bucket "dispatch-test" at http:\/\/127\.0\.0\.1:\d+ could not be reached: .*timed out/,
      );
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('local storage', () => {
  it('names a folder it cannot use as the store being unavailable', async () => {
    const notAFolder = join(dir, 'not-a-folder');
    writeFileSync(notAFolder, 'a file where the folder should be');
    const storage = createLocalStorage(notAFolder);
    await expect(storage.put(newFileKey(), Buffer.from('x'), 'text/plain')).rejects.toThrow(
      new FileStoreUnavailableError(`The file store folder ${notAFolder} failed: ENOTDIR`, undefined),
    );
    await expect(storage.get(newFileKey())).rejects.toBeInstanceOf(FileStoreUnavailableError);
  });
});
