import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, vi } from 'vitest';
import type { Database } from '../db/client';
import { emailDeliveries } from '../db/schema';
import { createLogger } from '../logger';
import { createLocalStorage } from '../storage/local';
import { test } from '../testing/fixtures';
import { captureLogs } from '../testing/log-capture';
import {
  FAST_DELIVERY,
  VENDORS,
  eventually,
  seedVendors,
  sendBodyFor,
  temporaryDataDir,
} from '../testing/send-fixtures';
import {
  ADMIN_EMAIL,
  bearer,
  createRestartableDatabase,
  createTestApp,
  createTestClock,
  register,
  type TestContext,
} from '../testing/test-app';
import { createDeliveryWorker } from './deliveries';
import { claimDueDeliveries, type ClaimedDelivery } from './queue/claims-repository';
import { finishAttempts, writeProgress } from './queue/progress-repository';
import { createOutboxTransport } from './outbox';

/** These tests start apps on a database of their own: more than the default 20 s on a busy machine. */
const INSTANCES_TIMEOUT_MS = 90_000;
const LEASE_MS = 500;

const sendAs = (app: TestContext['app'], token: string, vendorIds?: string[]) =>
  app.inject({
    method: 'POST',
    url: '/api/send-email-consolidated',
    headers: bearer(token),
    payload: sendBodyFor(vendorIds) as object,
  });

type LogEntry = {
  id: number;
  deliveries: { vendorId: string; status: string; error: string | null; attempts: number }[];
};
const logsOf = async (app: TestContext['app'], token: string): Promise<LogEntry[]> =>
  (await app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(token) })).json();
const isSettled = (entries: LogEntry[]) =>
  entries.every((entry) => entry.deliveries.every((delivery) => delivery.status !== 'pending'));

const it = test.extend('env', ({ dataDir, smtp }): Record<string, string> => ({
  DATA_DIR: dataDir,
  MAIL_TRANSPORT: 'smtp',
  SMTP_URL: smtp.url,
}));

describe('claims of messages being sent', () => {
  describe('of an instance that died', () => {
    it.override('appDeps', { delivery: { ...FAST_DELIVERY, autoStart: false, firstAttemptWaitMs: 0 } });
    it(
      "marks the claims of an instance that died mid-send 'uncertain' once their lease lapses, in the log and the Deployment Log",
      async ({ t, env, app, admin, database, smtp, startApp }) => {
        await seedVendors(app, admin);
        // The app taking the request runs no worker here: the claim is made by an instance that then dies.
        expect((await sendAs(app, admin, ['acme1234', 'bravo5678'])).json()).toMatchObject({ pending: 2 });
        const storeId = await createLocalStorage(join(t.config.dataDir, 'files')).identity();
        const now = new Date();
        const claimed = await claimDueDeliveries(database.db, now, 10, new Date(now.getTime() + LEASE_MS), storeId);
        expect(claimed).toHaveLength(2);
        // Both handed to the mail server, then the instance dies.
        await writeProgress(database.db, [], now, claimed);
        // The dead instance renews nothing; a live one sweeps the queue.
        const logs = captureLogs();
        await startApp(env, database, {
          delivery: { ...FAST_DELIVERY, leaseMs: LEASE_MS, pollIntervalMs: LEASE_MS / 10 },
          logger: { level: 'info', stream: logs.stream },
        }).then((live) => live.app.ready());
        const [entry] = await eventually(() => logsOf(app, admin), isSettled);
        expect(entry!.deliveries.map((delivery) => delivery.status)).toEqual(['uncertain', 'uncertain']);
        expect(entry!.deliveries[0]!.error).toMatch(/may or may not have been delivered/);
        expect(
          logs.entries().find((line) => line.msg === "claims not renewed by their instance marked 'uncertain'"),
        ).toMatchObject({ count: 2, logIds: [entry!.id] });
        expect(smtp.attempts).toBe(0);
      },
      INSTANCES_TIMEOUT_MS,
    );
  });

  // Claims lapse after half a second unless renewed, and every pass (20 a second) looks for lapsed ones.
  it.override('appDeps', {
    delivery: {
      ...FAST_DELIVERY,
      leaseMs: LEASE_MS,
      heartbeatMs: LEASE_MS / 10,
      pollIntervalMs: LEASE_MS / 10,
      firstAttemptWaitMs: 0,
    },
  });

  it(
    'renews the claim of a slow but live send, so it is never taken over and ends sent, once',
    async ({ app, admin, database, smtp }) => {
      await seedVendors(app, admin);
      let answer = () => {};
      smtp.answer = () => ({ kind: 'accept', after: new Promise<void>((resolve) => (answer = resolve)) });
      expect((await sendAs(app, admin, ['acme1234'])).json()).toMatchObject({ pending: 1 });
      const claim = () =>
        database.db
          .select({ status: emailDeliveries.status, lockedUntil: emailDeliveries.lockedUntil })
          .from(emailDeliveries);
      const [claimed] = await eventually(claim, ([row]) => row?.status === 'sending' && smtp.attempts === 1);
      const firstLease = claimed!.lockedUntil!.getTime();
      // The mail server holds its answer until the first lease has lapsed three times over, the sweep running all along.
      const [held] = await eventually(
        claim,
        ([row]) => row?.status !== 'sending' || Date.now() > firstLease + 3 * LEASE_MS,
      );
      expect(held!.status).toBe('sending');
      expect(held!.lockedUntil!.getTime()).toBeGreaterThan(firstLease);
      answer();
      const [entry] = await eventually(() => logsOf(app, admin), isSettled);
      expect(entry!.deliveries[0]).toMatchObject({ status: 'sent', attempts: 1, error: null });
      expect(smtp.received).toHaveLength(1);
      // It waits out three leases on purpose, besides the app's start and seeding.
    },
    INSTANCES_TIMEOUT_MS,
  );
});

describe('claims on the default lease, heartbeat and poll interval', () => {
  // The app taking the requests runs no worker: the claims are made by a dead instance and by the live one below.
  it.override('appDeps', { delivery: { ...FAST_DELIVERY, autoStart: false, firstAttemptWaitMs: 0 } });

  it(
    "marks a dead instance's claim 'uncertain' within two minutes of its claim and keeps renewing a live one, on the worker's clock",
    async ({ t, env, app, admin, database, smtp, startApp }) => {
      await seedVendors(app, admin);
      expect((await sendAs(app, admin, ['acme1234', 'bravo5678'])).json()).toMatchObject({ pending: 2 });
      // The live instance's worker keeps its default lease, heartbeat and poll interval; it reads the time from a clock
      // the test moves and looks at the queue every few milliseconds, and its heartbeat timers are moved with that clock.
      // From the real time: the messages were queued, due now, on the real clock.
      const clock = createTestClock(new Date());
      const sleep = (ms: number, signal: AbortSignal) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(ms, 20));
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      const { leaseMs, heartbeatMs, pollIntervalMs } = createDeliveryWorker({
        db: database.db,
        clock,
        storage: createLocalStorage(t.config.dataDir),
        transport: createOutboxTransport(t.config.dataDir),
        log: createLogger('silent'),
        // Only its options are read.
        senderCheck: () => null,
      }).options;
      expect(leaseMs + pollIntervalMs).toBeLessThanOrEqual(2 * 60_000);

      // An instance claims one message on the default lease, hands it to the mail server, then dies: nothing renews it.
      const storeId = await createLocalStorage(join(t.config.dataDir, 'files')).identity();
      const claimedAt = clock.now().getTime();
      const [dead] = await claimDueDeliveries(database.db, clock.now(), 1, new Date(claimedAt + leaseMs), storeId);
      expect(dead).toBeDefined();
      await writeProgress(database.db, [], clock.now(), [dead!]);
      const rowOf = async (id: number) =>
        (await database.db.select().from(emailDeliveries).where(eq(emailDeliveries.id, id)))[0]!;

      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      try {
        // The live instance claims the other one; the mail server holds its answer.
        let answer = () => {};
        smtp.answer = () => ({ kind: 'accept', after: new Promise<void>((resolve) => (answer = resolve)) });
        await (
          await startApp(env, database, {
            delivery: { clock, sleep, firstAttemptWaitMs: 0 },
            retention: { autoStart: false },
            reminders: { autoStart: false },
          })
        ).app.ready();
        const [live] = await eventually(
          () => database.db.select().from(emailDeliveries).where(eq(emailDeliveries.status, 'sending')),
          (rows) => rows.length === 2 && smtp.attempts === 1,
        ).then((rows) => rows.filter((row) => row.id !== dead!.id));
        const firstLease = live!.lockedUntil!.getTime();

        /** Moves the worker's clock and its timers on, one poll interval at a time; a heartbeat's renewal is awaited. */
        const advanceTo = async (at: number) => {
          while (clock.now().getTime() < at) {
            const step = Math.min(pollIntervalMs, at - clock.now().getTime());
            clock.advance(step);
            const isHeartbeat =
              Math.floor((clock.now().getTime() - claimedAt) / heartbeatMs) >
              Math.floor((clock.now().getTime() - step - claimedAt) / heartbeatMs);
            vi.advanceTimersByTime(step);
            if (isHeartbeat)
              await eventually(
                () => rowOf(live!.id),
                (row) => row.lockedUntil?.getTime() === clock.now().getTime() + leaseMs,
              );
          }
        };

        // The dead claim's lease lapses, and the next sweep (one poll interval on) finds it.
        await advanceTo(claimedAt + leaseMs + pollIntervalMs);
        const resolved = await eventually(
          () => rowOf(dead!.id),
          (row) => row.status !== 'sending',
        );
        expect(resolved).toMatchObject({ status: 'uncertain', lockedUntil: null });
        expect(resolved.lastError).toMatch(/may or may not have been delivered/);
        expect(clock.now().getTime() - claimedAt).toBeLessThanOrEqual(2 * 60_000);

        // Three leases on, the live claim is still held, renewed by its heartbeats.
        await advanceTo(claimedAt + 3 * leaseMs);
        expect(await rowOf(live!.id)).toMatchObject({ status: 'sending', attempts: 1 });
        expect((await rowOf(live!.id)).lockedUntil!.getTime()).toBeGreaterThan(firstLease + 2 * leaseMs);
        answer();
        expect(
          await eventually(
            () => rowOf(live!.id),
            (row) => row.status !== 'sending',
          ),
        ).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
        expect(smtp.received).toHaveLength(1);
      } finally {
        vi.useRealTimers();
      }
    },
    INSTANCES_TIMEOUT_MS,
  );
});

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

describe('claims made ahead of the free slots', () => {
  it(
    'are each renewed while they wait, and go back to the queue, their attempt not counted, when the app closes before sending them',
    async ({ env, smtp }) => {
      const restartable = await createRestartableDatabase();
      let reopened: Database | undefined;
      try {
        let answer = () => {};
        smtp.answer = () => ({ kind: 'accept', after: new Promise<void>((resolve) => (answer = resolve)) });
        // One message at a time, two more claimed ahead; claims lapse after half a second unless renewed.
        const delivery = {
          ...FAST_DELIVERY,
          concurrency: 1,
          claimAhead: 2,
          leaseMs: LEASE_MS,
          heartbeatMs: LEASE_MS / 10,
          pollIntervalMs: LEASE_MS / 10,
          firstAttemptWaitMs: 0,
        };
        const first = await createTestApp(env, await restartable.open(), { delivery });
        const token = await register(first.app, ADMIN_EMAIL);
        await seedVendors(first.app, token);
        expect((await sendAs(first.app, token)).json()).toMatchObject({ pending: 3 });
        const rows = () =>
          first.database.db
            .select({
              status: emailDeliveries.status,
              attempts: emailDeliveries.attempts,
              lockedUntil: emailDeliveries.lockedUntil,
            })
            .from(emailDeliveries)
            .orderBy(asc(emailDeliveries.id));
        // The first message is at the mail server (its answer held); the other two wait, claimed, for its slot.
        const claimed = await eventually(
          rows,
          (list) => smtp.attempts === 1 && list.every((row) => row.status === 'sending'),
        );
        expect(claimed.map((row) => row.status)).toEqual(['sending', 'sending', 'sending']);
        // Three leases later they are still claimed, renewed by their heartbeats, not swept as 'uncertain'.
        const firstLease = Math.max(...claimed.map((row) => row.lockedUntil!.getTime()));
        const held = await eventually(
          rows,
          (list) => list.some((row) => row.status !== 'sending') || Date.now() > firstLease + 3 * LEASE_MS,
        );
        expect(held.map((row) => row.status)).toEqual(['sending', 'sending', 'sending']);
        expect(Math.min(...held.map((row) => row.lockedUntil!.getTime()))).toBeGreaterThan(firstLease);

        // Closing the app gives back the two never handed to the mail server, then waits for the one that was.
        const closing = first.close();
        const released = await eventually(rows, (list) => list.filter((row) => row.status === 'pending').length === 2);
        expect(released.filter((row) => row.status === 'pending').map((row) => row.attempts)).toEqual([0, 0]);
        answer();
        await closing;
        reopened = await restartable.open();
        const after = await reopened.db
          .select({
            status: emailDeliveries.status,
            attempts: emailDeliveries.attempts,
            lockedUntil: emailDeliveries.lockedUntil,
          })
          .from(emailDeliveries)
          .orderBy(asc(emailDeliveries.id));
        // Which of the three went first is the claim's choice: the one sent, and two as they were before the claim.
        expect(after.map((row) => JSON.stringify(row)).sort()).toEqual(
          [
            { status: 'pending', attempts: 0, lockedUntil: null },
            { status: 'pending', attempts: 0, lockedUntil: null },
            { status: 'sent', attempts: 1, lockedUntil: null },
          ].map((row) => JSON.stringify(row)),
        );
        expect(smtp.received).toHaveLength(1);
      } finally {
        await reopened?.close();
        await restartable.cleanup();
      }
    },
    INSTANCES_TIMEOUT_MS,
  );
});
