import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, vi } from 'vitest';
import { emailDeliveries } from '../db/schema';
import { createLogger } from '../logger';
import { createLocalStorage } from '../storage/local';
import { captureLogs } from '../testing/log-capture';
import { FAST_DELIVERY, eventually, seedVendors } from '../testing/send-fixtures';
import { createTestClock, type TestContext } from '../testing/test-app';
import { createDeliveryWorker } from './deliveries';
import { claimDueDeliveries } from './queue/claims-repository';
import { writeProgress } from './queue/progress-repository';
import { createOutboxTransport } from './outbox';
import { allSettled, logsAs, sendAs as sendFor, smtpTest } from '../testing/delivery-fixtures';

/** These tests start apps on a database of their own: more than the default 20 s on a busy machine. */
const INSTANCES_TIMEOUT_MS = 90_000;
const LEASE_MS = 500;

const sendAs = (app: TestContext['app'], token: string, vendorIds?: string[]) => sendFor(token)(app, vendorIds);
const logsOf = (app: TestContext['app'], token: string) => logsAs(token)(app);
const isSettled = allSettled;

const it = smtpTest;

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
        ).toMatchObject({ count: 2, sendIds: [entry!.id] });
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
      // The test moves the worker's timers itself: `eventually` must not move them on at each look (interval 0).
      const [timeoutMs, intervalMs] = [10_000, 0];
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
          timeoutMs,
          intervalMs,
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
                timeoutMs,
                intervalMs,
              );
          }
        };

        // The dead claim's lease lapses, and the next sweep (one poll interval on) finds it.
        await advanceTo(claimedAt + leaseMs + pollIntervalMs);
        const resolved = await eventually(
          () => rowOf(dead!.id),
          (row) => row.status !== 'sending',
          timeoutMs,
          intervalMs,
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
            timeoutMs,
            intervalMs,
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
