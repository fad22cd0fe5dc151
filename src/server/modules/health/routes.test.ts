import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { test } from '#server/testing/fixtures';
import { startSmtpSink } from '#server/testing/smtp-sink';
import { createTestApp } from '#server/testing/test-app';

/** An app on its own DATA_DIR with the outbox transport; the variants below change what its readiness checks. */
const it = test
  .extend('env', ({ dataDir }): Record<string, string> => ({ DATA_DIR: dataDir, MAIL_TRANSPORT: 'outbox' }))
  .extend(
    'get',
    ({ app }) =>
      (url: string) =>
        app.inject({ method: 'GET', url }),
  );

/** Sending through the SMTP sink. */
const onSmtp = it.extend('env', ({ dataDir, smtp }): Record<string, string> => ({
  DATA_DIR: dataDir,
  MAIL_TRANSPORT: 'smtp',
  SMTP_URL: smtp.url,
}));

/** Sending through an SMTP server that was stopped before the app started. */
const onStoppedSmtp = it
  .extend('stoppedSmtpUrl', async () => {
    const smtp = await startSmtpSink();
    await smtp.close();
    return smtp.url;
  })
  .extend('env', ({ dataDir, stoppedSmtpUrl }): Record<string, string> => ({
    DATA_DIR: dataDir,
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: stoppedSmtpUrl,
  }));

/** A DATA_DIR where the store's folder should be there is a file: every write fails. */
const onBrokenStore = it
  .extend('brokenDataDir', ({ dataDir }) => {
    writeFileSync(join(dataDir, 'files'), 'not a folder');
    return dataDir;
  })
  .extend('env', ({ brokenDataDir }): Record<string, string> => ({
    DATA_DIR: brokenDataDir,
    MAIL_TRANSPORT: 'outbox',
  }));

describe('health and readiness', () => {
  onSmtp(
    'is ready when the database, the file store and the SMTP server all answer, and leaves no probe behind',
    async ({ dataDir, get }) => {
      const ready = await get('/api/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        ok: true,
        checks: { database: 'ok', store: 'ok', mail: 'ok', readingThreads: 'ok' },
      });
      expect(ready.headers['cache-control']).toBe('no-store');
      // The probe object was written, read and deleted: nothing is left in the folders of the store (beside the file
      // naming the store).
      const filesDir = join(dataDir, 'files');
      const folders = readdirSync(filesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
      expect(folders.flatMap((fan) => readdirSync(join(filesDir, fan.name)))).toEqual([]);
      expect((await get('/api/health')).json()).toEqual({ ok: true });
    },
  );

  it('checks no mail server for the outbox transport', async ({ get }) => {
    expect((await get('/api/ready')).json()).toEqual({
      ok: true,
      checks: { database: 'ok', store: 'ok', readingThreads: 'ok' },
    });
  });

  onStoppedSmtp('answers 503 naming the mail server while the SMTP server is down', async ({ get }) => {
    const ready = await get('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      message: 'Not ready: the mail server failed its check.',
      checks: { database: 'ok', store: 'ok', mail: 'failing', readingThreads: 'ok' },
      code: 'unavailable',
    });
    // Liveness does not depend on the parts: the process itself is fine.
    expect((await get('/api/health')).statusCode).toBe(200);
  });

  onBrokenStore('answers 503 naming the file store when it cannot write', async ({ get }) => {
    const ready = await get('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      message: 'Not ready: the file store failed its check.',
      checks: { database: 'ok', store: 'failing', readingThreads: 'ok' },
      code: 'unavailable',
    });
  });

  it('answers 503 naming the database when it does not answer', async ({ dataDir }) => {
    // The test closes the database itself, which the database fixture would close a second time.
    const { app, database } = await createTestApp({ DATA_DIR: dataDir, MAIL_TRANSPORT: 'outbox' });
    try {
      await database.close();
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        message: 'Not ready: the database failed its check.',
        checks: { database: 'failing', store: 'ok', readingThreads: 'ok' },
        code: 'unavailable',
      });
    } finally {
      await app.close();
    }
  });
});
