import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { joined, type Bytes } from './bytes';
import { openDatabase, type Database } from './db/client';
import { emailDeliveries, emailLogs, storedFiles, vendors } from './db/schema';
import { createLocalStorage } from './storage/local';
import { test } from './testing/fixtures';
import { FAST_DELIVERY, VENDORS, seedVendors, sendBodyFor } from './testing/send-fixtures';
import { ADMIN_EMAIL, bearer, createTestApp, register, type TestContext } from './testing/test-app';

/**
 * A real full disk: DATA_DIR (the embedded database and the file store) on a small tmpfs of its own, filled up by a
 * file, so that PostgreSQL inside PGlite and the file store both meet ENOSPC from the kernel. Mounting needs root,
 * which this project's machines and CI have: there a refused mount fails the test; elsewhere the test is reported
 * as skipped, with the reason.
 */
type SmallDisk = { dir: string; unmount(): void };
function mountSmallDisk(megabytes: number): SmallDisk | { refused: string } {
  const dir = mkdtempSync(join(tmpdir(), 'dispatch-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const { stderr } = error as { stderr?: Buffer };
    return { refused: (stderr?.toString().trim() || (error as Error).message).split('\n')[0]! };
  }
  return {
    dir,
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Writes a file until the disk refuses more; returns its path. */
function fillUp(dir: string): string {
  const path = join(dir, 'filler');
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(256 * 1024, 1);
  try {
    for (let written = 0; written < 1024; written++) writeSync(fd, chunk);
    throw new Error('the small disk never filled up');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    // Byte by byte the last few, so that no page is left free.
    const byte = Buffer.alloc(4096, 1);
    for (;;) {
      try {
        writeSync(fd, byte);
      } catch {
        break;
      }
    }
  } finally {
    closeSync(fd);
  }
  return path;
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

const onPglite = process.env.TEST_DATABASE_URL === undefined;
const isRoot = process.getuid?.() === 0;
const OUT_OF_SPACE =
  "The server's disk is full: nothing was saved or sent. Ask an administrator to free some space, then try again.";

describe.skipIf(!onPglite)('the embedded mode on a disk that fills up (a real tmpfs)', () => {
  test('refuses writes with 507 and a message, keeps everything saved before, and works again once space is freed', async ({
    smtp,
    skip,
  }) => {
    const mounted = mountSmallDisk(96);
    if ('refused' in mounted) {
      if (isRoot)
        throw new Error(`Running as root, yet the tmpfs for the full disk could not be mounted: ${mounted.refused}`);
      return skip(`needs to mount a tmpfs, which takes root: ${mounted.refused}`);
    }
    const disk = mounted;
    let database: Database | undefined;
    let t: TestContext | undefined;
    try {
      const dbDir = join(disk.dir, 'db');
      const env = { DATA_DIR: disk.dir, MAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.url };
      database = await openDatabase({ kind: 'pglite', dataDir: dbDir });
      t = await createTestApp(env, database, { delivery: FAST_DELIVERY });
      const token = await register(t.app, ADMIN_EMAIL);
      await seedVendors(t.app, token);
      const body = sendBodyFor();

      const filler = fillUp(disk.dir);
      expect(statSync(filler).size).toBeGreaterThan(0);

      // A send: the file store meets the full disk first; nothing is kept of it.
      const send = await t.app.inject({
        method: 'POST',
        url: '/api/send-email-consolidated',
        headers: bearer(token),
        payload: body as object,
      });
      expect(send.statusCode, send.body).toBe(507);
      expect(send.json()).toEqual({ message: OUT_OF_SPACE, code: 'out-of-space' });

      // A write that goes to the database alone: PostgreSQL cannot extend its files (53100), and says so cleanly.
      const rows = Array.from({ length: 40 }, (_, index) => ({
        vendorId: `full${1000 + index}`,
        name: `Full Disk Vendor ${index} ${'x'.repeat(180)}`,
        emails: [`orders${index}@full.test`],
        defaultUtmSource: `full${1000 + index}`,
      }));
      const answers: number[] = [];
      for (const payload of rows) {
        const created = await t.app.inject({ method: 'POST', url: '/api/vendors', headers: bearer(token), payload });
        answers.push(created.statusCode);
        if (created.statusCode !== 201) {
          expect(created.statusCode, created.body).toBe(507);
          expect(created.json()).toEqual({ message: OUT_OF_SPACE, code: 'out-of-space' });
          break;
        }
      }
      expect(answers).toContain(507);

      // What was saved before the disk filled is all there, and readable.
      const listed = await t.app.inject({ method: 'GET', url: '/api/vendors', headers: bearer(token) });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().map((vendor: { vendorId: string }) => vendor.vendorId)).toEqual(
        expect.arrayContaining(VENDORS.map((vendor) => vendor.vendorId)),
      );
      expect(await database.db.select().from(emailLogs)).toEqual([]);
      expect(await database.db.select().from(emailDeliveries)).toEqual([]);
      expect(await database.db.select().from(storedFiles)).toEqual([]);
      expect(filesUnder(join(disk.dir, 'files')).map((path) => path.slice(disk.dir.length + 1))).toEqual([
        'files/.store-id',
      ]);
      expect(smtp.attempts).toBe(0);

      // Space freed: the same send goes through, and every vendor gets its message.
      unlinkSync(filler);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/send-email-consolidated',
        headers: bearer(token),
        payload: body as object,
      });
      expect(again.statusCode, again.body).toBe(200);
      await t.close();
      t = undefined;
      database = undefined;

      // And the folder opens again as it was: the vendors, the one send, its deliveries.
      const reopened = await openDatabase({ kind: 'pglite', dataDir: dbDir });
      database = reopened;
      const savedVendors = await reopened.db.select({ vendorId: vendors.vendorId }).from(vendors);
      expect(savedVendors.map((vendor) => vendor.vendorId)).toEqual(
        expect.arrayContaining(VENDORS.map((vendor) => vendor.vendorId)),
      );
      expect(await reopened.db.select().from(emailLogs)).toHaveLength(1);
      expect(await reopened.db.select().from(emailDeliveries)).toHaveLength(body.selectedVendors.length);
    } finally {
      if (t) await t.close();
      else await database?.close();
      disk.unmount();
    }
  }, 240_000);
});

/** The send test below starts an app of its own: more than the default 20 s on a busy machine. */
const OUTAGE_TIMEOUT_MS = 180_000;
const sendBody = sendBodyFor() as object;

/** Writes that find the disk full from the `fullAfter`+1-th on: half the data lands, then ENOSPC, as a real disk. */
function diskFilling(fullAfter: number) {
  let writes = 0;
  return {
    async writeFile(path: string, data: Bytes, options: { mode: number }) {
      if (++writes <= fullAfter) return writeFile(path, data, options);
      const whole = joined(data);
      await writeFile(path, whole.subarray(0, Math.floor(whole.length / 2)), options);
      throw Object.assign(new Error(`ENOSPC: no space left on device, write '${path}'`), {
        code: 'ENOSPC',
        errno: -28,
        syscall: 'write',
      });
    },
  };
}

describe('a full disk', () => {
  test(
    'refuses a send it cannot store with 507 and a message, leaving no row, no file and no mail',
    async ({ smtp, dataDir }) => {
      const files = join(dataDir, 'files');
      // The send's HTML and CSV go in, then its first raw message finds the disk full.
      const t = await createTestApp({ DATA_DIR: dataDir, MAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.url }, undefined, {
        delivery: FAST_DELIVERY,
        storage: createLocalStorage(files, diskFilling(2)),
      });
      try {
        const token = await register(t.app, ADMIN_EMAIL);
        await seedVendors(t.app, token);
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/send-email-consolidated',
          headers: bearer(token),
          payload: sendBody,
        });
        expect(response.statusCode).toBe(507);
        expect(response.json()).toEqual({
          message:
            "The server's disk is full: nothing was saved or sent. Ask an administrator to free some space, then try again.",
          code: 'out-of-space',
        });
        const db = t.database.db;
        expect(await db.select().from(emailLogs)).toEqual([]);
        expect(await db.select().from(emailDeliveries)).toEqual([]);
        expect(await db.select().from(storedFiles)).toEqual([]);
        // The files stored before the disk filled were taken back, and the half-written one is gone.
        expect(filesUnder(files).map((path) => path.slice(files.length + 1))).toEqual(['.store-id']);
        expect(smtp.attempts).toBe(0);
      } finally {
        await t.close();
      }
    },
    OUTAGE_TIMEOUT_MS,
  );
});
