import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createPostgresPool, type Database } from './db/client';
import { test } from './testing/fixtures';
import { startPostgres } from './testing/restartable-postgres';
import { eventually } from './testing/send-fixtures';

/**
 * The faults the build-time patch of postgres.js covered (decision 0016), on the driver that ships (node-postgres,
 * decision 0019): a PostgreSQL of the test's own restarted with `pg_ctl restart -m fast` or stopped, and backends ended
 * with pg_terminate_backend, while queries run, a transaction waits between its statements, and the change feed listens.
 * An unheard 'error' event of a pg client or pool would be an uncaught exception: Vitest fails the run on one.
 */
export const it = test;
export const FAULT_TIMEOUT_MS = 180_000;
export let cluster: Awaited<ReturnType<typeof startPostgres>>;

/** Runs the describe it is called in against a PostgreSQL of its own, started before its tests and stopped after. */
export function withOwnPostgres() {
  beforeAll(async () => {
    cluster = await startPostgres();
  }, FAULT_TIMEOUT_MS);
  afterAll(() => cluster?.stop());
}

/** Whatever a promise settles with: its value, or the error. */
export const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'answered',
    (error: unknown) => error,
  );
export const sleeping = (db: Database['db'], seconds: number) => outcome(db.execute(sql`select pg_sleep(${seconds})`));
/** A transaction that ran a statement and waits, its connection out of the pool and idle, until `resume()`. */
export const waitingTransaction = (db: Database['db']) => {
  let resume = () => {};
  const resumed = new Promise<void>((resolve) => (resume = resolve));
  let isOpen = false;
  const done = outcome(
    db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      isOpen = true;
      await resumed;
      await tx.execute(sql`select 2`);
    }),
  );
  return { opened: () => eventually(async () => isOpen, Boolean), resume, done };
};
/** Waits until `count` pg_sleep queries run on the server (seen through a connection of the monitor's own). */
export const sleepersRunning = async (count: number) => {
  const monitor = createPostgresPool(cluster.url, 1);
  try {
    const running = async () =>
      (
        await monitor.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where state = 'active' and query like 'select pg_sleep%'",
        )
      ).rows[0]!.n;
    expect(await eventually(running, (n) => n >= count)).toBeGreaterThanOrEqual(count);
  } finally {
    await monitor.end();
  }
};
export const terminateOthers = (db: Database['db'], applicationName: string) =>
  db.execute<{ pid: number }>(
    sql`select pg_terminate_backend(pid) as pid from pg_stat_activity where application_name = ${applicationName} and pid <> pg_backend_pid()`,
  );
