import { execFile } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, inject } from 'vitest';
import { openDatabase } from '#server/db/client';
import { createMaintenanceLock } from '#server/maintenance-lock';
import { test } from '#server/testing/fixtures';
import { startServer } from '#server/testing/server-process';
import { FAST_DELIVERY, eventually, seedVendors, sendBodyFor, temporaryDataDir } from '#server/testing/send-fixtures';
import { ADMIN_EMAIL, bearer, createTestApp, migratedSnapshot, register } from '#server/testing/test-app';
import { takeBackup } from './take-backup';

const run = promisify(execFile);
const cli = (command: 'backup' | 'restore', file: string, dataDir: string) =>
  run(process.execPath, ['--import', 'tsx', `src/server/cli/${command}.ts`, file], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, SECRET_KEY: 'x'.repeat(40) },
  }).then(
    (result) => ({ code: 0, ...result }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

/** `folder()`: another temporary folder (for a backup file, a restore), removed after the test. */
const it = test.extend('folder', ({}, { onCleanup }) => {
  const folders: ReturnType<typeof temporaryDataDir>[] = [];
  onCleanup(() => {
    for (const created of folders.splice(0)) created.remove();
  });
  return () => {
    const created = temporaryDataDir();
    folders.push(created);
    return created.dir;
  };
});

// Embedded mode only: the PostgreSQL run of the API tests (TEST_DATABASE_URL) has nothing to add here.
describe.skipIf(process.env.TEST_DATABASE_URL)('backup of the embedded mode', () => {
  it('taken during writes, restores every row it holds with every file those rows refer to', async ({
    dataDir,
    folder,
  }) => {
    writeFileSync(join(dataDir, 'secret.key'), 'the-generated-secret\n', { mode: 0o600 });
    // The backup is of a real DATA_DIR: the database lives in its folder (not the database fixture), closed before the
    // restore. The folder starts from the run's migrated snapshot (the app's own creation is first-run.test.ts's).
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db'), snapshot: migratedSnapshot() });
    const t = await createTestApp({ DATA_DIR: dataDir }, database, {
      delivery: FAST_DELIVERY,
      retention: { autoStart: false },
    });
    const token = await register(t.app, ADMIN_EMAIL);
    await seedVendors(t.app, token);

    const acknowledged: { vendorId: string; sendId: number; at: number }[] = [];
    const write = async (i: number) => {
      const vendorId = `backup${i}`;
      const vendor = await t.app.inject({
        method: 'POST',
        url: '/api/vendors',
        headers: bearer(token),
        payload: {
          vendorId,
          name: `Backup Vendor ${i}`,
          emails: [`v${i}@vendor.test`],
          defaultUtmSource: `bk${i}`,
          emailProspectingKey: null,
          textProspectingKey: null,
        },
      });
      expect(vendor.statusCode).toBe(201);
      const body = sendBodyFor(['acme1234'], {
        emailCards: [{ ...sendBodyFor().emailCards![0]!, subject: `Backup send ${i}` }],
      });
      const send = await t.app.inject({
        method: 'POST',
        url: '/api/send-email-consolidated',
        headers: bearer(token),
        payload: body as object,
      });
      expect(send.statusCode).toBe(200);
      acknowledged.push({ vendorId, sendId: send.json().id, at: performance.now() });
    };
    // Writes go on until the backup is done.
    let isBackedUp = false;
    const writing = (async () => {
      for (let i = 0; !isBackedUp; i += 1) await write(i);
    })();
    await eventually(
      async () => acknowledged.length,
      (count) => count >= 3,
      60_000,
    );

    // The backup's file holds its first bytes until a send made after the backup started is acknowledged: the database
    // copy is taken by then, and the stored files are read while that send's rows and files are written.
    const backupFile = join(folder(), 'dispatch.backup');
    const startedAt = performance.now();
    const file = createWriteStream(backupFile, { mode: 0o600 });
    let isHeld = true;
    const output = new Writable({
      write(chunk: Buffer, _encoding, done) {
        const pass = () => file.write(chunk, done);
        if (!isHeld) return pass();
        void eventually(
          async () => acknowledged.filter((write) => write.at > startedAt).length,
          (count) => count >= 1,
          60_000,
        ).then(() => {
          isHeld = false;
          pass();
        }, done);
      },
      final(done) {
        file.end(done);
      },
    });
    const { files } = await takeBackup(database, dataDir, createMaintenanceLock(), output);
    const endedAt = performance.now();
    isBackedUp = true;
    await writing;
    await t.close();
    const before = acknowledged.filter((write) => write.at < startedAt);
    const during = acknowledged.filter((write) => write.at > startedAt && write.at < endedAt);
    expect(files).toBeGreaterThan(0);
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(during.length).toBeGreaterThanOrEqual(1);

    const restoredDir = folder();
    const restored = await cli('restore', backupFile, restoredDir);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(readFileSync(join(restoredDir, 'secret.key'), 'utf8')).toBe('the-generated-secret\n');

    const copy = await openDatabase({ kind: 'pglite', dataDir: join(restoredDir, 'db') });
    try {
      const vendorIds = rowsOf<{ vendor_id: string }>(await copy.db.execute(sql`select vendor_id from vendors`)).map(
        (row) => row.vendor_id,
      );
      const sendIds = rowsOf<{ id: number }>(await copy.db.execute(sql`select id from email_logs`)).map(
        (row) => row.id,
      );
      for (const write of before) {
        expect(vendorIds).toContain(write.vendorId);
        expect(sendIds).toContain(write.sendId);
      }
      // Every file any restored row refers to is there, byte for byte as it was stored.
      const keys = rowsOf<{ key: string }>(
        await copy.db.execute(sql`select key from stored_files union select eml_key as key from email_deliveries`),
      ).map((row) => row.key);
      expect(keys.length).toBeGreaterThan(before.length);
      for (const key of keys) {
        const path = (dir: string) => join(dir, 'files', key.slice(0, 2), key);
        expect(existsSync(path(restoredDir)), key).toBe(true);
        expect(readFileSync(path(restoredDir)).equals(readFileSync(path(dataDir)))).toBe(true);
        expect(statSync(path(restoredDir)).mode & 0o777).toBe(0o600);
      }
    } finally {
      await copy.close();
    }
  }, 180_000);

  it('npm run backup asks the running server through its socket, or reads the folder when no server runs', async ({
    dataDir,
    folder,
  }) => {
    const server = await startServer(
      { DATA_DIR: dataDir, LOG_LEVEL: 'info', ADMIN_EMAILS: ADMIN_EMAIL },
      { dataFrom: inject('migratedDataDir') },
    );
    try {
      await server.line((line) => typeof line.msg === 'string' && line.msg.startsWith('Dispatch is running'));
      const live = join(folder(), 'live.backup');
      const answer = await cli('backup', live, dataDir);
      expect(answer.code, answer.stderr).toBe(0);
      expect(answer.stdout).toMatch(/from the running server/);
      expect(statSync(live).mode & 0o777).toBe(0o600);
      await server.line((line) => line.msg === 'backup written');
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exitCode()).toBe(0);
    }

    const offline = join(folder(), 'offline.backup');
    const answer = await cli('backup', offline, dataDir);
    expect(answer.code, answer.stderr).toBe(0);
    expect(answer.stdout).toMatch(/server not running/);

    const restoredDir = folder();
    expect((await cli('restore', offline, restoredDir)).code).toBe(0);
    const copy = await openDatabase({ kind: 'pglite', dataDir: join(restoredDir, 'db') });
    try {
      const admins = rowsOf<{ email: string }>(
        await copy.db.execute(sql`select email from authorized_emails where is_admin`),
      );
      expect(admins.map((row) => row.email)).toEqual([ADMIN_EMAIL]);
    } finally {
      await copy.close();
    }

    const refused = await cli('restore', offline, restoredDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not empty: restore into an empty DATA_DIR/);
    const notABackup = join(folder(), 'not-a-backup');
    writeFileSync(notABackup, 'hello');
    const bad = await cli('restore', notABackup, folder());
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^Failed: /);
  }, 180_000);
});
