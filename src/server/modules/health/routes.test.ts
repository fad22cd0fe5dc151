import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { temporaryDataDir } from '../../testing/send-fixtures';
import { startSmtpSink } from '../../testing/smtp-sink';
import { createTestApp, type TestContext } from '../../testing/test-app';

let t: TestContext | undefined;
const data = temporaryDataDir();

afterEach(async () => {
  await t?.close();
  t = undefined;
});
afterAll(() => data.remove());

const get = (url: string) => t!.app.inject({ method: 'GET', url });

describe('health and readiness', () => {
  it('is ready when the database, the file store and the SMTP server all answer, and leaves no probe behind', async () => {
    const smtp = await startSmtpSink();
    try {
      t = await createTestApp({ DATA_DIR: data.dir, MAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.url });
      const ready = await get('/api/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ ok: true, checks: { database: 'ok', store: 'ok', mail: 'ok' } });
      expect(ready.headers['cache-control']).toBe('no-store');
      // The probe object was written, read and deleted: nothing is left in the folders of the store.
      const filesDir = join(data.dir, 'files');
      expect(readdirSync(filesDir).flatMap((fan) => readdirSync(join(filesDir, fan)))).toEqual([]);
      expect((await get('/api/health')).json()).toEqual({ ok: true });
    } finally {
      await smtp.close();
    }
  });

  it('checks no mail server for the outbox transport', async () => {
    t = await createTestApp({ DATA_DIR: data.dir, MAIL_TRANSPORT: 'outbox' });
    expect((await get('/api/ready')).json()).toEqual({ ok: true, checks: { database: 'ok', store: 'ok' } });
  });

  it('answers 503 naming the mail server while the SMTP server is down', async () => {
    const smtp = await startSmtpSink();
    await smtp.close();
    t = await createTestApp({ DATA_DIR: data.dir, MAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.url });
    const ready = await get('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      message: 'Not ready: the mail server failed its check.',
      checks: { database: 'ok', store: 'ok', mail: 'failing' },
    });
    // Liveness does not depend on the parts: the process itself is fine.
    expect((await get('/api/health')).statusCode).toBe(200);
  });

  it('answers 503 naming the file store when it cannot write', async () => {
    const broken = temporaryDataDir();
    try {
      // Where the store's folder should be there is a file: every write fails.
      writeFileSync(join(broken.dir, 'files'), 'not a folder');
      t = await createTestApp({ DATA_DIR: broken.dir, MAIL_TRANSPORT: 'outbox' });
      const ready = await get('/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: 'Not ready: the file store failed its check.', checks: { database: 'ok', store: 'failing' } });
    } finally {
      broken.remove();
    }
  });

  it('answers 503 naming the database when it does not answer', async () => {
    const { app, database } = await createTestApp({ DATA_DIR: data.dir, MAIL_TRANSPORT: 'outbox' });
    try {
      await database.close();
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: 'Not ready: the database failed its check.', checks: { database: 'failing', store: 'ok' } });
    } finally {
      await app.close();
    }
  });
});
