import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect } from 'vitest';
import { backoffMs } from './deliveries';
import type { Database } from '../db/client';
import { test } from '../testing/fixtures';
import {
  ADMIN_EMAIL,
  bearer,
  createRestartableDatabase,
  createTestApp,
  register,
  type TestContext,
} from '../testing/test-app';
import { FAST_DELIVERY, VENDORS, eventually, queueDrained, seedVendors, sendBodyFor } from '../testing/send-fixtures';
import { startS3Server } from '../testing/s3-server';
import { startSmtp } from '../testing/switchable-smtp-server';

/** These tests start PGlite databases in folders (initdb each time) and restart apps: more than the default 20 s on a busy machine. */
const RESTART_TIMEOUT_MS = 90_000;

const sendAs = (token: string) => (app: TestContext['app'], vendorIds?: string[]) =>
  app.inject({
    method: 'POST',
    url: '/api/send-email-consolidated',
    headers: bearer(token),
    payload: sendBodyFor(vendorIds) as object,
  });

type LogEntry = {
  id: number;
  deliveries: { vendorId: string; status: string; error: string | null; attempts: number; sentAt: string | null }[];
};
const logsAs =
  (token: string) =>
  async (app: TestContext['app']): Promise<LogEntry[]> =>
    (await app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(token) })).json();
const allSettled = (entries: LogEntry[]) =>
  entries.every((entry) => entry.deliveries.every((delivery) => delivery.status !== 'pending'));

/** An app mailing through the SMTP sink with fast delivery; `token` is the admin's, with the vendors already set up. */
const it = test
  .extend('env', ({ dataDir, smtp }): Record<string, string> => ({
    DATA_DIR: dataDir,
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: smtp.url,
  }))
  .extend('appDeps', { delivery: FAST_DELIVERY })
  .extend('token', async ({ app, admin }) => {
    await seedVendors(app, admin);
    return admin;
  })
  .extend('send', ({ token }) => sendAs(token))
  .extend('logs', ({ token }) => logsAs(token))
  /** Messages each vendor's first address received. */
  .extend(
    'mailsPerVendor',
    ({ smtp }) =>
      () =>
        VENDORS.map((vendor) => smtp.received.filter((message) => message.to.includes(vendor.emails[0])).length),
  );

describe('delivery queue', () => {
  it('retries refused attempts with back-off until the server accepts, mailing every vendor exactly once', async ({
    app,
    smtp,
    send,
    logs,
    mailsPerVendor,
  }) => {
    // 4xx for the first two attempts of every message.
    const tries = new Map<string, number>();
    smtp.answer = (message) => {
      const key = message.to[0]!;
      tries.set(key, (tries.get(key) ?? 0) + 1);
      return tries.get(key)! <= 2
        ? { kind: 'refuse', code: 451, message: 'Greylisted, try again later' }
        : { kind: 'accept' };
    };
    const response = await send(app);
    expect(response.statusCode).toBe(200);
    expect(response.json().failed).toBe(0);
    const [entry] = await eventually(() => logs(app), allSettled);
    expect(entry!.deliveries.map((delivery) => [delivery.status, delivery.attempts])).toEqual([
      ['sent', 3],
      ['sent', 3],
      ['sent', 3],
    ]);
    expect(mailsPerVendor()).toEqual([1, 1, 1]);
    expect(smtp.refused).toHaveLength(6);
  });

  it(
    'sends the messages held while the mail server was away as soon as it answers again, not after their back-off',
    async ({ dataDir }) => {
      const server = await startSmtp(0);
      let t: TestContext | undefined;
      try {
        // A back-off far longer than the test: only the probe can bring the messages forward.
        const delivery = {
          ...FAST_DELIVERY,
          baseDelayMs: 600_000,
          maxDelayMs: 600_000,
          probeIntervalMs: 200,
          firstAttemptWaitMs: 10_000,
        };
        t = await createTestApp({ DATA_DIR: dataDir, MAIL_TRANSPORT: 'smtp', SMTP_URL: server.url }, undefined, {
          delivery,
        });
        const { app } = t;
        const token = await register(app, ADMIN_EMAIL);
        await seedVendors(app, token);
        server.refuse();
        const response = await sendAs(token)(app);
        expect(response.json()).toMatchObject({ mailed: 0, pending: 3 });
        const [held] = await logsAs(token)(app);
        expect(held!.deliveries.map((delivery) => delivery.error)).toEqual(
          VENDORS.map(() => expect.stringMatching(/^Could not reach the mail server/)),
        );

        await server.accept();
        const [entry] = await eventually(() => logsAs(token)(app), allSettled, 10_000);
        expect(entry!.deliveries.map((delivery) => [delivery.status, delivery.attempts])).toEqual(
          VENDORS.map(() => ['sent', 2]),
        );
      } finally {
        // The app first: the server waits for the pool's open connections when it closes.
        await t?.close();
        await server.close();
      }
    },
    RESTART_TIMEOUT_MS,
  );

  it(
    'sends the messages held while the file store was away as soon as it answers again, not after their back-off',
    async ({ dataDir }) => {
      const server = await startSmtp(0);
      const s3 = await startS3Server('dispatch-held');
      let t: TestContext | undefined;
      try {
        // A back-off far longer than the test: only the probes can bring the messages forward.
        const delivery = {
          ...FAST_DELIVERY,
          baseDelayMs: 600_000,
          maxDelayMs: 600_000,
          probeIntervalMs: 200,
          firstAttemptWaitMs: 10_000,
        };
        t = await createTestApp(
          { DATA_DIR: dataDir, MAIL_TRANSPORT: 'smtp', SMTP_URL: server.url, ...s3.env },
          undefined,
          { delivery },
        );
        const { app } = t;
        const token = await register(app, ADMIN_EMAIL);
        await seedVendors(app, token);
        // The messages are stored in the bucket, then held for the mail server; the bucket goes away before it is back.
        server.refuse();
        expect((await sendAs(token)(app)).json()).toMatchObject({ mailed: 0, pending: 3 });
        await s3.stop();
        await server.accept();
        const errors = (entries: LogEntry[]) => entries[0]!.deliveries.map((each) => each.error ?? '');
        await eventually(
          () => logsAs(token)(app),
          (entries) =>
            errors(entries).every((error) =>
              /^Could not prepare the message: The S3 bucket .* could not be reached/.test(error),
            ),
          10_000,
        );
        const [waiting] = await logsAs(token)(app);
        expect(waiting!.deliveries.map((each) => [each.status, each.attempts])).toEqual(
          VENDORS.map(() => ['pending', 2]),
        );

        await s3.start();
        const [entry] = await eventually(() => logsAs(token)(app), allSettled, 10_000);
        expect(entry!.deliveries.map((each) => [each.status, each.attempts])).toEqual(VENDORS.map(() => ['sent', 3]));
      } finally {
        await t?.close();
        await server.close();
        await s3.close();
      }
    },
    RESTART_TIMEOUT_MS,
  );

  it('marks a permanent refusal failed with the reason, and retry-failed re-queues only that one', async ({
    app,
    token,
    smtp,
    send,
    logs,
    mailsPerVendor,
  }) => {
    smtp.answer = (message) =>
      message.to.includes('team@bravo.test')
        ? { kind: 'refuse', code: 550, message: 'Mailbox unavailable' }
        : { kind: 'accept' };
    const response = await send(app);
    expect(response.json()).toMatchObject({ mailed: 2, pending: 0, failed: 1, uncertain: 0 });
    const [entry] = await logs(app);
    const bravo = entry!.deliveries.find((delivery) => delivery.vendorId === 'bravo5678')!;
    expect(bravo).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
    expect(bravo.error).toMatch(/refused the message \(550\)/);

    smtp.answer = undefined;
    const retry = await app.inject({
      method: 'POST',
      url: `/api/email-logs/${entry!.id}/retry-failed`,
      headers: bearer(token),
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ id: entry!.id, requeued: 1, mailed: 3, pending: 0, failed: 0, uncertain: 0 });
    expect(mailsPerVendor()).toEqual([1, 1, 1]);
    const again = await app.inject({
      method: 'POST',
      url: `/api/email-logs/${entry!.id}/retry-failed`,
      headers: bearer(token),
    });
    expect(again.json()).toMatchObject({ requeued: 0, mailed: 3 });
    expect(
      (await app.inject({ method: 'POST', url: '/api/email-logs/999999/retry-failed', headers: bearer(token) }))
        .statusCode,
    ).toBe(404);
  });

  it('counts a message taken for some recipients as sent, naming the refused ones, and does not send it again', async ({
    app,
    smtp,
    send,
    logs,
  }) => {
    smtp.refuseRecipient = (address) => (address === 'lists@acme.test' ? 550 : undefined);
    expect((await send(app, ['acme1234'])).json()).toMatchObject({ mailed: 1, failed: 0 });
    const [entry] = await logs(app);
    expect(entry!.deliveries[0]).toMatchObject({
      status: 'sent',
      attempts: 1,
      error: 'Sent, but the mail server refused: lists@acme.test',
    });
    expect(smtp.received[0]!.to).not.toContain('lists@acme.test');
  });

  describe('with three quick attempts', () => {
    it.override('appDeps', { delivery: { ...FAST_DELIVERY, maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 10 } });

    it('gives up after the last attempt and reports the message as failed', async ({ app, smtp, send, logs }) => {
      smtp.answer = () => ({ kind: 'refuse', code: 421, message: 'Service not available' });
      await send(app, ['carta9012']);
      const [entry] = await eventually(() => logs(app), allSettled);
      expect(entry!.deliveries[0]).toMatchObject({ status: 'failed', attempts: 3 });
      expect(smtp.received).toHaveLength(0);
    });
  });

  describe('one message at a time', () => {
    it.override('appDeps', { delivery: { ...FAST_DELIVERY, concurrency: 1 } });

    it("marks a message 'uncertain' when the line drops after the data, never retries it, and sends it again on request", async ({
      app,
      database,
      token,
      smtp,
      send,
      logs,
    }) => {
      smtp.answer = () => ({ kind: 'drop' });
      const response = await send(app, ['acme1234']);
      expect(response.json()).toMatchObject({ mailed: 0, pending: 0, failed: 0, uncertain: 1 });
      // Nothing left in the queue that could try it again: the one attempt is all there will be.
      await queueDrained(database.db);
      expect(smtp.refused).toHaveLength(1);
      const [entry] = await logs(app);
      expect(entry!.deliveries[0]).toMatchObject({ status: 'uncertain', attempts: 1 });
      expect(entry!.deliveries[0]!.error).toMatch(/after the message was sent/);

      smtp.answer = undefined;
      const url = `/api/email-logs/${entry!.id}/deliveries/acme1234/send-again`;
      const again = await app.inject({ method: 'POST', url, headers: bearer(token) });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({
        id: entry!.id,
        mailed: 1,
        delivery: { vendorId: 'acme1234', status: 'sent', attempts: 2 },
      });
      // The same bytes, so the same Message-ID as the attempt that may have arrived.
      expect(smtp.received[0]!.raw.equals(smtp.refused[0]!.raw)).toBe(true);
      const twice = await app.inject({ method: 'POST', url, headers: bearer(token) });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('The message to Acme Leads was already delivered.');
      const missing = await app.inject({
        method: 'POST',
        url: `/api/email-logs/${entry!.id}/deliveries/nobody/send-again`,
        headers: bearer(token),
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  it(
    'resumes pending deliveries after a restart',
    async ({ smtp, dataDir, mailsPerVendor }) => {
      // Restarts on one database of its own: the per-test app and database fixtures cannot stand in for it.
      const restartable = await createRestartableDatabase();
      let t: TestContext | undefined;
      try {
        smtp.answer = () => ({ kind: 'refuse', code: 451, message: 'Not now' });
        const delivery = { ...FAST_DELIVERY, baseDelayMs: 1_000, maxDelayMs: 1_000 };
        const env = { DATA_DIR: dataDir, MAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.url };
        const first = await createTestApp(env, await restartable.open(), { delivery });
        const token = await register(first.app, ADMIN_EMAIL);
        const send = sendAs(token);
        const logs = logsAs(token);
        await seedVendors(first.app, token);
        const response = await send(first.app);
        expect(response.json()).toMatchObject({ mailed: 0, pending: 3 });
        await first.close();

        smtp.answer = undefined;
        t = await createTestApp(env, await restartable.open(), { delivery });
        const [entry] = await eventually(() => logs(t!.app), allSettled);
        expect(entry!.deliveries.map((item) => item.status)).toEqual(['sent', 'sent', 'sent']);
        expect(mailsPerVendor()).toEqual([1, 1, 1]);
        await t.close();
        t = undefined;
      } finally {
        await t?.close();
        await restartable.cleanup();
      }
    },
    RESTART_TIMEOUT_MS,
  );

  it(
    "marks a claim whose server died mid-send 'uncertain' after its lease, and never sends it blindly",
    async ({ smtp, dataDir }) => {
      // Restarts on one database of its own: the per-test app and database fixtures cannot stand in for it.
      const restartable = await createRestartableDatabase();
      let t: TestContext | undefined;
      try {
        smtp.answer = () => ({ kind: 'hang' });
        const delivery = { ...FAST_DELIVERY, leaseMs: 1_000, stopTimeoutMs: 100, firstAttemptWaitMs: 300 };
        const env = { DATA_DIR: dataDir, MAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.url };
        const first = await createTestApp(env, await restartable.open(), { delivery });
        const token = await register(first.app, ADMIN_EMAIL);
        const send = sendAs(token);
        const logs = logsAs(token);
        await seedVendors(first.app, token);
        expect((await send(first.app, ['bravo5678'])).json()).toMatchObject({ pending: 1 });
        expect(smtp.refused).toHaveLength(1);
        // The server goes away while the message is out and unanswered.
        await first.close();

        smtp.answer = undefined;
        t = await createTestApp(env, await restartable.open(), { delivery });
        const [entry] = await eventually(() => logs(t!.app), allSettled);
        expect(entry!.deliveries[0]).toMatchObject({ status: 'uncertain', attempts: 1 });
        expect(entry!.deliveries[0]!.error).toMatch(/may or may not have been delivered/);
        await queueDrained(t.database.db);
        expect(smtp.received).toHaveLength(0);
        await t.close();
        t = undefined;
      } finally {
        await t?.close();
        await restartable.cleanup();
      }
    },
    RESTART_TIMEOUT_MS,
  );

  it(
    'lets several app instances share the queue without mailing anyone twice',
    async ({ smtp, dataDir, mailsPerVendor }) => {
      // Several instances on one database of its own: the per-test app and database fixtures cannot stand in for it.
      const restartable = await createRestartableDatabase();
      // PostgreSQL: each instance has its own connection pool. PGlite cannot be opened twice, so the instances share it.
      const shared = process.env.TEST_DATABASE_URL ? undefined : await restartable.open();
      const databases: Database[] = shared ? [shared] : [];
      const open = async () => {
        if (shared) return shared;
        const database = await restartable.open();
        databases.push(database);
        return database;
      };
      const instances: TestContext[] = [];
      try {
        const env = { DATA_DIR: dataDir, MAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.url };
        // The instance taking the requests runs no worker: two others, one message at a time each, compete for the rows.
        const front = await createTestApp(env, await open(), {
          delivery: { ...FAST_DELIVERY, autoStart: false, firstAttemptWaitMs: 0 },
        });
        instances.push(front);
        const token = await register(front.app, ADMIN_EMAIL);
        const send = sendAs(token);
        const logs = logsAs(token);
        await seedVendors(front.app, token);
        for (let i = 0; i < 2; i++) {
          const worker = await createTestApp(env, await open(), {
            delivery: { ...FAST_DELIVERY, concurrency: 1, pollIntervalMs: 20 },
          });
          instances.push(worker);
          await worker.app.ready();
        }
        for (let round = 0; round < 3; round++) {
          expect((await send(front.app)).statusCode).toBe(200);
        }
        const entries = await eventually(
          () => logs(front.app),
          (list) => list.length === 3 && allSettled(list),
        );
        expect(entries.flatMap((entry) => entry.deliveries.map((item) => item.status))).toEqual(Array(9).fill('sent'));
        expect(mailsPerVendor()).toEqual([3, 3, 3]);
        expect(smtp.received).toHaveLength(9);
      } finally {
        for (const instance of instances) await instance.app.close();
        for (const database of databases) await database.close();
        await restartable.cleanup();
      }
    },
    RESTART_TIMEOUT_MS,
  );

  it('keeps the exact raw message sent to each vendor for download as .eml', async ({ app, token, smtp, send }) => {
    const { id } = (await send(app)).json();
    for (const vendor of VENDORS) {
      const url = `/api/email-logs/${id}/deliveries/${vendor.vendorId}/eml`;
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const download = await app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('message/rfc822');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="dispatch-${id}-${vendor.vendorId}.eml"; filename*=UTF-8''dispatch-${id}-${vendor.vendorId}.eml`,
      );
      const received = smtp.received.find((message) => message.to.includes(vendor.emails[0]))!;
      expect(download.rawPayload.equals(received.raw)).toBe(true);
    }
    expect(
      (await app.inject({ method: 'GET', url: `/api/email-logs/${id}/deliveries/nobody/eml`, headers: bearer(token) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/email-logs/abc/deliveries/acme1234/eml`, headers: bearer(token) }))
        .statusCode,
    ).toBe(400);
  });

  describe('with the outbox transport', () => {
    it.override('env', ({ dataDir }) => ({ DATA_DIR: dataDir }));

    it('writes each message as a .eml file to DATA_DIR/outbox with the outbox transport', async ({
      t,
      dataDir,
      send,
    }) => {
      expect(t.config.mailTransport).toBe('outbox');
      expect((await send(t.app)).json()).toMatchObject({ mailed: 3 });
      const files = readdirSync(join(dataDir, 'outbox')).filter((name) => name.endsWith('.eml'));
      expect(files).toHaveLength(3);
      const recipients = await Promise.all(
        files.map(async (name) => (await simpleParser(readFileSync(join(dataDir, 'outbox', name)))).to),
      );
      const firstAddresses = recipients.map((to) => (Array.isArray(to) ? to[0] : to)!.value[0]!.address).sort();
      expect(firstAddresses).toEqual(VENDORS.map((vendor) => vendor.emails[0]).sort());
    });
  });
});

describe('backoffMs', () => {
  it('doubles from the base delay up to the cap, with at most 20% jitter', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffMs(attempt, 1000, 5000, () => 0))).toEqual([1000, 2000, 4000, 5000]);
    expect(backoffMs(1, 1000, 5000, () => 1)).toBe(1200);
  });
});
