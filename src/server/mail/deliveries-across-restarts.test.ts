import { describe, expect } from 'vitest';
import type { Database } from '../db/client';
import { ADMIN_EMAIL, createRestartableDatabase, createTestApp, register, type TestContext } from '../testing/test-app';
import { FAST_DELIVERY, eventually, queueDrained, seedVendors } from '../testing/send-fixtures';
import { RESTART_TIMEOUT_MS, allSettled, deliveryTest, logsAs, sendAs } from '../testing/delivery-fixtures';

const it = deliveryTest;

describe('delivery queue across restarts and instances', () => {
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
        // The send answers after 300 ms; the message reaches the server once the SMTP thread has started.
        await eventually(
          async () => smtp.refused.length,
          (count) => count === 1,
        );
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
});
