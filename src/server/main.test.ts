import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailDeliveries } from './db/schema';
import type { DeliveryOptions } from './mail/deliveries';
import { startServer } from './testing/server-process';
import { FAST_DELIVERY, sendBodyFor, temporaryDataDir } from './testing/send-fixtures';
import { startSmtpSink, type SmtpSink } from './testing/smtp-sink';
import {
  ADMIN_EMAIL,
  bearer,
  createRestartableDatabase,
  createTestApp,
  register,
  type TestContext,
} from './testing/test-app';

const withMessage = (pattern: RegExp) => (line: Record<string, unknown>) =>
  typeof line.msg === 'string' && pattern.test(line.msg);

// Both on the embedded database whatever the run (no DATABASE_URL is given), so the PostgreSQL run would only repeat
// them; migrations.test.ts shows a failed migration on PostgreSQL.
describe.skipIf(process.env.TEST_DATABASE_URL)('configuration errors', () => {
  it('stop start-up with one JSON log line naming the variable', async () => {
    const server = await startServer({ PORT: 'abc' }, { untilHealthy: false });
    expect(await server.exitCode()).toBe(1);
    expect(server.lines).toEqual([
      expect.objectContaining({ level: 60, msg: 'Configuration error: PORT must be a number' }),
    ]);
  }, 60_000);
});

describe.skipIf(process.env.TEST_DATABASE_URL)('a failed migration', () => {
  it('stops start-up with one clear JSON line and exit 1', async () => {
    const data = temporaryDataDir();
    try {
      const client = await PGlite.create(`${data.dir}/db`);
      await client.exec('create table users (id text)');
      await client.close();

      const server = await startServer({ DATA_DIR: data.dir }, { untilHealthy: false });
      expect(await server.exitCode(90_000)).toBe(1);
      const fatal = await server.line((line) => line.level === 60);
      expect(fatal.msg).toMatch(/^A database migration failed: relation "users" already exists\. Start-up stopped/);
      expect(server.lines.every((line) => !('notJson' in line))).toBe(true);
    } finally {
      data.remove();
    }
  }, 120_000);
});

describe.sequential('shutdown', () => {
  const VENDOR_COUNT = 15;
  const data = temporaryDataDir();
  let database: Awaited<ReturnType<typeof createRestartableDatabase>>;
  let databaseEnv: Record<string, string>;
  let smtp: SmtpSink;
  let token: string;
  let sendId: number;
  // The test's own view of the database: no worker, so it sends nothing itself.
  const idle: DeliveryOptions = { ...FAST_DELIVERY, autoStart: false, firstAttemptWaitMs: 0 };
  const open = async (): Promise<TestContext> =>
    createTestApp({ DATA_DIR: data.dir, MAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.url }, await database.open(), {
      delivery: idle,
    });
  /** Straight from the table: the API shows a claimed delivery ('sending') as pending. */
  const statuses = async () => {
    const opened = await database.open();
    try {
      const rows = await opened.db
        .select({ status: emailDeliveries.status })
        .from(emailDeliveries)
        .where(eq(emailDeliveries.sendId, sendId));
      return rows.map((row) => row.status);
    } finally {
      await opened.close();
    }
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    database = await createRestartableDatabase({ pgliteDir: `${data.dir}/db` });
    databaseEnv = database.url ? { DATABASE_URL: database.url } : {};
    // A send to many vendors, queued and not yet attempted.
    const t = await open();
    try {
      token = await register(t.app, ADMIN_EMAIL);
      const vendorIds = Array.from({ length: VENDOR_COUNT }, (_, index) => `slow${1000 + index}`);
      for (const [index, vendorId] of vendorIds.entries()) {
        const payload = {
          vendorId,
          name: `Slow Vendor ${index}`,
          emails: [`orders${index}@vendor.test`],
          defaultUtmSource: vendorId,
        };
        const created = await t.app.inject({ method: 'POST', url: '/api/vendors', headers: bearer(token), payload });
        expect(created.statusCode, created.body).toBe(201);
      }
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/send-email-consolidated',
        headers: bearer(token),
        payload: sendBodyFor(vendorIds) as object,
      });
      expect(sent.json()).toMatchObject({ pending: VENDOR_COUNT });
      sendId = sent.json().id;
    } finally {
      await t.close();
    }
  }, 180_000);

  afterAll(async () => {
    await smtp?.close();
    await database?.cleanup();
    data.remove();
  });

  it('SIGTERM while messages go out over a slow mail server: every delivery ends sent or pending, none left claimed, exit 0', async () => {
    // Each message is answered 3 s after it arrives: the first five (the worker's concurrency) are still out when the
    // signal comes, and the rest cannot all go before the shutdown stops the worker.
    smtp.answer = () => ({ kind: 'accept', delayMs: 3_000 });
    const server = await startServer({
      DATA_DIR: data.dir,
      LOG_LEVEL: 'info',
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: smtp.url,
      ...databaseEnv,
    });
    const running = await server.line(withMessage(/^Dispatch is running/));
    expect(running).toMatchObject({
      address: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      mail: expect.stringMatching(/^SMTP via smtp:\/\/127\.0\.0\.1:/),
    });
    expect(running.database).toMatch(database.url ? /^PostgreSQL at / : /^embedded PGlite in /);

    await expect
      .poll(() => smtp.attempts, { message: 'a message is out', timeout: 60_000, interval: 100 })
      .toBeGreaterThan(0);
    server.child.kill('SIGTERM');
    expect(await server.exitCode(), server.output()).toBe(0);
    expect(server.lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['Shutting down', 'Stopped']));
    expect(
      server.lines.every((line) => !('notJson' in line)),
      server.output(),
    ).toBe(true);

    const after = await statuses();
    expect(after).toHaveLength(VENDOR_COUNT);
    expect(
      after.every((status) => status === 'sent' || status === 'pending'),
      after.join(),
    ).toBe(true);
    // The messages that were out were finished, not dropped: what the mail server took is recorded as sent, once;
    // the rest waits for the next start.
    expect(smtp.received.length).toBeGreaterThan(0);
    expect(after.filter((status) => status === 'sent')).toHaveLength(smtp.received.length);
    expect(after.filter((status) => status === 'pending').length).toBeGreaterThan(0);
  }, 180_000);

  it('a shutdown that cannot finish in SHUTDOWN_TIMEOUT exits 1 with a fatal JSON line', async () => {
    smtp.answer = () => ({ kind: 'hang' });
    const refusedBefore = smtp.refused.length;
    const server = await startServer({
      DATA_DIR: data.dir,
      LOG_LEVEL: 'info',
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: smtp.url,
      SHUTDOWN_TIMEOUT: '1',
      ...databaseEnv,
    });
    await server.line(withMessage(/^Dispatch is running/));
    await expect
      .poll(() => smtp.refused.length, { message: 'a message is out', timeout: 60_000, interval: 100 })
      .toBeGreaterThan(refusedBefore);
    // A message is out and the mail server never answers: the delivery worker cannot finish it in time.
    server.child.kill('SIGTERM');
    expect(await server.exitCode(), server.output()).toBe(1);
    expect(await server.line((line) => line.level === 60)).toMatchObject({
      msg: 'Shutdown deadline passed with work unfinished: exiting',
      deadlineMs: 1000,
    });
  }, 180_000);
});
