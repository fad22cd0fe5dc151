import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { systemClock } from '../clock';
import type { Database } from '../db/client';
import { emailDeliveries } from '../db/schema';
import { createLogger } from '../logger';
import { createLocalStorage } from '../storage/local';
import { test } from '../testing/fixtures';
import { captureLogs } from '../testing/log-capture';
import { FAST_DELIVERY, VENDORS, eventually, seedVendors, sendBodyFor, temporaryDataDir } from '../testing/send-fixtures';
import { ADMIN_EMAIL, bearer, createRestartableDatabase, createTestApp, register, type TestContext } from '../testing/test-app';
import { createDeliveryWorker } from './deliveries';
import { claimDueDeliveries } from './deliveries-repository';
import { createOutboxTransport } from './outbox';

/** These tests start apps on a database of their own: more than the default 20 s on a busy machine. */
const INSTANCES_TIMEOUT_MS = 90_000;
const LEASE_MS = 500;

const sendAs = (app: TestContext['app'], token: string, vendorIds?: string[]) =>
  app.inject({ method: 'POST', url: '/api/send-email-consolidated', headers: bearer(token), payload: sendBodyFor(vendorIds) as object });

type LogEntry = { id: number; deliveries: { vendorId: string; status: string; error: string | null; attempts: number }[] };
const logsOf = async (app: TestContext['app'], token: string): Promise<LogEntry[]> =>
  (await app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(token) })).json();
const isSettled = (entries: LogEntry[]) => entries.every((entry) => entry.deliveries.every((delivery) => delivery.status !== 'pending'));

const it = test.extend('env', ({ dataDir, smtp }): Record<string, string> => ({ DATA_DIR: dataDir, MAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.url }));

describe('claims of messages being sent', () => {
  describe('of an instance that died', () => {
    it.override('appDeps', { delivery: { ...FAST_DELIVERY, autoStart: false, firstAttemptWaitMs: 0 } });
    it("marks the claims of an instance that died mid-send 'uncertain' once their lease lapses, in the log and the Deployment Log", async ({ t, env, app, admin, database, smtp, startApp }) => {
      await seedVendors(app, admin);
      // The app taking the request runs no worker here: the claim is made by an instance that then dies.
      expect((await sendAs(app, admin, ['acme1234', 'bravo5678'])).json()).toMatchObject({ pending: 2 });
      const storeId = await createLocalStorage(join(t.config.dataDir, 'files')).identity();
      const now = new Date();
      const claimed = await claimDueDeliveries(database.db, now, 10, new Date(now.getTime() + LEASE_MS), storeId);
      expect(claimed).toHaveLength(2);
      // The dead instance renews nothing; a live one sweeps the queue.
      const logs = captureLogs();
      await startApp(env, database, {
        delivery: { ...FAST_DELIVERY, leaseMs: LEASE_MS, pollIntervalMs: LEASE_MS / 10 },
        logger: { level: 'info', stream: logs.stream },
      }).then((live) => live.app.ready());
      const [entry] = await eventually(() => logsOf(app, admin), isSettled);
      expect(entry!.deliveries.map((delivery) => delivery.status)).toEqual(['uncertain', 'uncertain']);
      expect(entry!.deliveries[0]!.error).toMatch(/may or may not have been delivered/);
      expect(logs.entries().find((line) => line.msg === "claims not renewed by their instance marked 'uncertain'")).toMatchObject({ count: 2, logIds: [entry!.id] });
      expect(smtp.attempts).toBe(0);
    }, INSTANCES_TIMEOUT_MS);
  });

  // Claims lapse after half a second unless renewed, and every pass (20 a second) looks for lapsed ones.
  it.override('appDeps', { delivery: { ...FAST_DELIVERY, leaseMs: LEASE_MS, heartbeatMs: LEASE_MS / 10, pollIntervalMs: LEASE_MS / 10, firstAttemptWaitMs: 0 } });

  it('renews the claim of a slow but live send, so it is never taken over and ends sent, once', async ({ app, admin, database, smtp }) => {
    await seedVendors(app, admin);
    let answer = () => {};
    smtp.answer = () => ({ kind: 'accept', after: new Promise<void>((resolve) => (answer = resolve)) });
    expect((await sendAs(app, admin, ['acme1234'])).json()).toMatchObject({ pending: 1 });
    const claim = () => database.db.select({ status: emailDeliveries.status, lockedUntil: emailDeliveries.lockedUntil }).from(emailDeliveries);
    const [claimed] = await eventually(claim, ([row]) => row?.status === 'sending' && smtp.attempts === 1);
    const firstLease = claimed!.lockedUntil!.getTime();
    // The mail server holds its answer until the first lease has lapsed three times over, the sweep running all along.
    const [held] = await eventually(claim, ([row]) => row?.status !== 'sending' || Date.now() > firstLease + 3 * LEASE_MS);
    expect(held!.status).toBe('sending');
    expect(held!.lockedUntil!.getTime()).toBeGreaterThan(firstLease);
    answer();
    const [entry] = await eventually(() => logsOf(app, admin), isSettled);
    expect(entry!.deliveries[0]).toMatchObject({ status: 'sent', attempts: 1, error: null });
    expect(smtp.received).toHaveLength(1);
    // It waits out three leases on purpose, besides the app's start and seeding.
  }, INSTANCES_TIMEOUT_MS);

  it('by default, resolves a dead instance\'s claim within two minutes and renews a live one well before it lapses', async ({ database }) => {
    const data = temporaryDataDir();
    try {
      const worker = createDeliveryWorker({
        db: database.db,
        clock: systemClock,
        storage: createLocalStorage(data.dir),
        transport: createOutboxTransport(data.dir),
        log: createLogger('silent'),
      });
      const { leaseMs, pollIntervalMs, heartbeatMs } = worker.options;
      // A lapsed claim is found by the next sweep: at most one poll interval after the lease ends.
      expect(leaseMs + pollIntervalMs).toBeLessThanOrEqual(2 * 60_000);
      expect(heartbeatMs * 3).toBeLessThanOrEqual(leaseMs);
    } finally {
      data.remove();
    }
  });
});

describe('several instances, each with its own DATA_DIR', () => {
  it('sends every message from the instance whose file store holds it: none fails as missing', async ({ smtp }) => {
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
      const first = await startApp(env(folders[0]!.dir), await open(), { delivery: { ...FAST_DELIVERY, concurrency: 1, firstAttemptWaitMs: 0 } });
      const second = await startApp(env(folders[1]!.dir), await open(), { delivery: { ...FAST_DELIVERY, pollIntervalMs: 20, firstAttemptWaitMs: 0 } });
      await Promise.all([first.app.ready(), second.app.ready()]);
      const token = await register(first.app, ADMIN_EMAIL);
      await seedVendors(first.app, token);
      for (let round = 0; round < 4; round++) {
        for (const instance of [first, second]) expect((await sendAs(instance.app, token)).statusCode).toBe(200);
      }
      const entries = await eventually(() => logsOf(first.app, token), (list) => list.length === 8 && isSettled(list), 30_000);
      const outcomes = entries.flatMap((entry) => entry.deliveries.map((delivery) => delivery.error ?? delivery.status));
      expect(outcomes).toEqual(Array(24).fill('sent'));
      for (const vendor of VENDORS) expect(smtp.received.filter((message) => message.to.includes(vendor.emails[0])).length).toBe(8);
      // Each stored its own: every send's messages went out from the instance it was made on.
      const storeIds = await (shared ?? databases[0]!).db.selectDistinct({ storeId: emailDeliveries.storeId }).from(emailDeliveries);
      expect(storeIds).toHaveLength(2);
      expect(await (shared ?? databases[0]!).db.select().from(emailDeliveries).where(eq(emailDeliveries.status, 'failed'))).toEqual([]);
    } finally {
      for (const instance of instances) await instance.app.close();
      for (const database of databases) await database.close();
      await restartable.cleanup();
      for (const folder of folders) folder.remove();
    }
  }, INSTANCES_TIMEOUT_MS);
});
