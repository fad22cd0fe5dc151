import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Database } from '../db/client';
import { emailDeliveries } from '../db/schema';
import { createLocalStorage } from '../storage/local';
import { FAST_DELIVERY, VENDORS, eventually, seedVendors, temporaryDataDir } from '../testing/send-fixtures';
import { ADMIN_EMAIL, createRestartableDatabase, createTestApp, register, type TestContext } from '../testing/test-app';
import { claimDueDeliveries, type ClaimedDelivery } from './queue/claims-repository';
import { finishAttempts } from './queue/progress-repository';
import { allSettled, logsAs, sendAs as sendFor, smtpTest } from '../testing/delivery-fixtures';

/** These tests start apps on a database of their own: more than the default 20 s on a busy machine. */
const INSTANCES_TIMEOUT_MS = 90_000;

const sendAs = (app: TestContext['app'], token: string, vendorIds?: string[]) => sendFor(token)(app, vendorIds);
const logsOf = (app: TestContext['app'], token: string) => logsAs(token)(app);
const isSettled = allSettled;

const it = smtpTest;

describe('several instances, each with its own DATA_DIR', () => {
  it(
    'sends every message from the instance whose file store holds it: none fails as missing',
    async ({ smtp }) => {
      // Instances on one database of their own: PostgreSQL gives each its own pool; PGlite cannot be opened twice, so
      // there they share one.
      const restartable = await createRestartableDatabase();
      const shared = process.env.TEST_DATABASE_URL ? undefined : await restartable.open();
      const databases: Database[] = shared ? [shared] : [];
      const open = async () => {
        if (shared) return shared;
        const database = await restartable.open();
        databases.push(database);
        return database;
      };
      const folders = [temporaryDataDir(), temporaryDataDir()];
      const instances: TestContext[] = [];
      const startApp = async (...args: Parameters<typeof createTestApp>) => {
        const instance = await createTestApp(...args);
        instances.push(instance);
        return instance;
      };
      try {
        const env = (dir: string) => ({ DATA_DIR: dir, MAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.url });
        // The first takes one message at a time and the second looks at the queue often with free slots: left to
        // itself the second would claim most of the first one's messages.
        const first = await startApp(env(folders[0]!.dir), await open(), {
          delivery: { ...FAST_DELIVERY, concurrency: 1, firstAttemptWaitMs: 0 },
        });
        const second = await startApp(env(folders[1]!.dir), await open(), {
          delivery: { ...FAST_DELIVERY, pollIntervalMs: 20, firstAttemptWaitMs: 0 },
        });
        await Promise.all([first.app.ready(), second.app.ready()]);
        const token = await register(first.app, ADMIN_EMAIL);
        await seedVendors(first.app, token);
        for (let round = 0; round < 4; round++) {
          for (const instance of [first, second]) expect((await sendAs(instance.app, token)).statusCode).toBe(200);
        }
        const entries = await eventually(
          () => logsOf(first.app, token),
          (list) => list.length === 8 && isSettled(list),
          30_000,
        );
        const outcomes = entries.flatMap((entry) =>
          entry.deliveries.map((delivery) => delivery.error ?? delivery.status),
        );
        expect(outcomes).toEqual(Array(24).fill('sent'));
        for (const vendor of VENDORS)
          expect(smtp.received.filter((message) => message.to.includes(vendor.emails[0])).length).toBe(8);
        // Each stored its own: every send's messages went out from the instance it was made on.
        const storeIds = await (shared ?? databases[0]!).db
          .selectDistinct({ storeId: emailDeliveries.storeId })
          .from(emailDeliveries);
        expect(storeIds).toHaveLength(2);
        expect(
          await (shared ?? databases[0]!).db.select().from(emailDeliveries).where(eq(emailDeliveries.status, 'failed')),
        ).toEqual([]);
      } finally {
        for (const instance of instances) await instance.app.close();
        for (const database of databases) await database.close();
        await restartable.cleanup();
        for (const folder of folders) folder.remove();
      }
    },
    INSTANCES_TIMEOUT_MS,
  );
});

describe('claims in batches', () => {
  it(
    'never gives one delivery to two workers claiming batches at once, and records a batch of outcomes for the claims still held only',
    async ({ smtp }) => {
      // Two instances' worth of connections on one PostgreSQL database (each its own pool); PGlite cannot be opened
      // twice, so there both claim through one.
      const restartable = await createRestartableDatabase();
      const shared = process.env.TEST_DATABASE_URL ? undefined : await restartable.open();
      const databases: Database[] = [];
      const open = async () => {
        if (shared) return shared;
        const database = await restartable.open();
        databases.push(database);
        return database;
      };
      const folder = temporaryDataDir();
      let instance: TestContext | undefined;
      try {
        const [first, second] = [await open(), await open()];
        // The app stores the messages and queues them; its own worker does not run.
        instance = await createTestApp({ DATA_DIR: folder.dir, MAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.url }, first, {
          delivery: { ...FAST_DELIVERY, autoStart: false, firstAttemptWaitMs: 0 },
        });
        const token = await register(instance.app, ADMIN_EMAIL);
        await seedVendors(instance.app, token);
        for (let round = 0; round < 8; round++) expect((await sendAs(instance.app, token)).statusCode).toBe(200);
        const queued = await first.db.select({ id: emailDeliveries.id }).from(emailDeliveries);
        expect(queued).toHaveLength(8 * VENDORS.length);
        const storeId = await createLocalStorage(join(folder.dir, 'files')).identity();

        // Four claimers on each database, each taking batches of up to 5 until the queue is empty.
        const claimedBy = new Map<number, number[]>();
        const claimer = async (database: Database, who: number) => {
          const claims: ClaimedDelivery[] = [];
          for (;;) {
            const now = new Date();
            const batch = await claimDueDeliveries(database.db, now, 5, new Date(now.getTime() + 60_000), storeId);
            if (batch.length === 0) return claims;
            for (const row of batch) claimedBy.set(row.id, [...(claimedBy.get(row.id) ?? []), who]);
            claims.push(...batch);
          }
        };
        const claims = (
          await Promise.all(
            [first, second].flatMap((database, d) => [0, 1, 2, 3].map((n) => claimer(database, d * 4 + n))),
          )
        ).flat();
        expect([...claimedBy.values()].filter((holders) => holders.length > 1)).toEqual([]);
        expect([...claimedBy.keys()].sort((a, b) => a - b)).toEqual(queued.map((row) => row.id).sort((a, b) => a - b));
        // Each claim counted one attempt and came with its sender's standing.
        expect(
          claims.every(
            (row) =>
              row.status === 'sending' &&
              row.attempts === 1 &&
              row.isSenderAuthorized &&
              row.senderEmail === ADMIN_EMAIL,
          ),
        ).toBe(true);

        // One statement records many outcomes; an outcome whose claim is no longer this attempt's is not recorded.
        const [lost, ...held] = claims;
        await first.db.update(emailDeliveries).set({ status: 'uncertain' }).where(eq(emailDeliveries.id, lost!.id));
        const retryAt = new Date(Date.now() + 60_000);
        const recorded = await finishAttempts(
          second.db,
          [lost!, ...held].map((row, i) => ({
            id: row.id,
            attempts: row.attempts,
            result:
              i % 2 === 0
                ? { status: 'sent' as const, lastError: null, sentAt: new Date(), providerId: `queued-${row.id}` }
                : { status: 'pending' as const, lastError: 'Greylisted', nextAttemptAt: retryAt },
          })),
          new Date(),
        );
        expect(recorded.has(lost!.id)).toBe(false);
        expect(recorded.size).toBe(held.length);
        const rows = new Map((await first.db.select().from(emailDeliveries)).map((row) => [row.id, row]));
        expect(rows.get(lost!.id)).toMatchObject({ status: 'uncertain', providerId: null });
        for (const [i, row] of held.entries()) {
          const stored = rows.get(row.id)!;
          // i + 1: `held` starts at the second claim.
          if ((i + 1) % 2 === 0)
            expect(stored).toMatchObject({
              status: 'sent',
              lastError: null,
              providerId: `queued-${row.id}`,
              lockedUntil: null,
              nextAttemptAt: row.nextAttemptAt,
            });
          else
            expect(stored).toMatchObject({
              status: 'pending',
              lastError: 'Greylisted',
              nextAttemptAt: retryAt,
              sentAt: null,
              providerId: null,
              lockedUntil: null,
            });
        }
      } finally {
        await instance?.app.close();
        for (const database of shared ? [shared] : databases) await database.close();
        await restartable.cleanup();
        folder.remove();
      }
    },
    INSTANCES_TIMEOUT_MS,
  );
});
