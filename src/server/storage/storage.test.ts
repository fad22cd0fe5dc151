import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '../testing/fake-s3';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import { isFileKey, newFileKey, type FileStorage } from './storage';

const S3 = { bucket: 'dispatch-test', accessKeyId: 'test-key', secretAccessKey: 'test-secret', region: 'us-east-1' };

let dir: string;
let s3: Awaited<ReturnType<typeof startFakeS3>>;
const drivers: Record<string, () => FileStorage> = {
  local: () => createLocalStorage(join(dir, 'files')),
  s3: () => createS3Storage({ ...S3, endpoint: s3.endpoint }),
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dispatch-storage-'));
  s3 = await startFakeS3(S3);
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
  it('stores, reads back byte for byte and deletes', async () => {
    const storage = drivers[name]!();
    expect(storage.name).toBe(name);
    const key = newFileKey();
    const data = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));
    await storage.put(key, data, 'image/png');
    expect((await storage.get(key))?.equals(data)).toBe(true);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
  });

  it('answers null for a key it never stored and refuses anything that is not a key', async () => {
    const storage = drivers[name]!();
    expect(await storage.get(newFileKey())).toBeNull();
    await expect(storage.get('../secret.key')).rejects.toThrow(/Not a file key/);
    await expect(storage.put('a/b', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Not a file key/);
  });
});

describe('s3 storage', () => {
  it('talks to the bucket over HTTP with signed requests', async () => {
    const storage = drivers.s3!();
    const key = newFileKey();
    await storage.put(key, Buffer.from('<p>hi</p>'), 'text/html');
    expect(s3.objects.get(key)?.contentType).toBe('text/html');
    expect(s3.requests.at(-1)).toEqual({ method: 'PUT', path: `/${S3.bucket}/${key}` });
  });

  it('surfaces a refusal from the store as an error', async () => {
    const storage = createS3Storage({ ...S3, accessKeyId: 'someone-else', endpoint: s3.endpoint });
    await expect(storage.put(newFileKey(), Buffer.from('x'), 'text/plain')).rejects.toThrow();
  });
});
