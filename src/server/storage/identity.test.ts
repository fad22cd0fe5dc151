import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';

const dir = mkdtempSync(join(tmpdir(), 'dispatch-identity-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('file store identity', () => {
  it('is shared by every instance on one folder, and differs for another folder', async () => {
    const shared = join(dir, 'shared');
    // Two instances starting at once on a new folder agree on one id.
    const [first, second] = await Promise.all([
      createLocalStorage(shared).identity(),
      createLocalStorage(shared).identity(),
    ]);
    expect(first).toMatch(/^local:[0-9a-f]{32}$/);
    expect(second).toBe(first);
    expect(await createLocalStorage(shared).identity()).toBe(first);
    expect(await createLocalStorage(join(dir, 'other')).identity()).not.toBe(first);
  });

  it('is the bucket for S3, whichever instance asks', async () => {
    const settings = {
      bucket: 'dispatch-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
    };
    expect(await createS3Storage(settings).identity()).toBe('s3:dispatch-files');
    expect(await createS3Storage({ ...settings, bucket: 'other' }).identity()).not.toBe('s3:dispatch-files');
  });
});
