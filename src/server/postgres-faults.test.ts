import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { CHANGE_FEED_APPLICATION_NAME, postgresChangeFeed } from './db/change-feed';
import { createPostgresPool, openDatabase, type Database } from './db/client';
import { isDatabaseUnavailable } from './db/errors';
import { vendors } from './db/schema';
import { test } from './testing/fixtures';
import { startPostgres } from './testing/restartable-postgres';
import { eventually, temporaryDataDir } from './testing/send-fixtures';
import { startServer } from './testing/server-process';
import { ADMIN_EMAIL, bearer, createTestApp, register } from './testing/test-app';

/**
 * The faults the build-time patch of postgres.js covered (decision 0016), on the driver that ships (node-postgres,
 * decision 0019): a PostgreSQL of the test's own restarted with `pg_ctl restart -m fast` or stopped, and backends ended
 * with pg_terminate_backend, while queries run, a transaction waits between its statements, and the change feed listens.
 * An unheard 'error' event of a pg client or pool would be an uncaught exception: Vitest fails the run on one.
 */
const it = test;
const FAULT_TIMEOUT_MS = 180_000;
let cluster: Awaited<ReturnType<typeof startPostgres>>;

describe.skipIf(process.env.TEST_DATABASE_URL === undefined)(
  'the PostgreSQL driver through restarts and ended sessions',
  () => {
    beforeAll(async () => {
      cluster = await startPostgres();
    }, FAULT_TIMEOUT_MS);
    afterAll(() => cluster?.stop());

    /** Whatever a promise settles with: its value, or the error. */
    const outcome = (promise: Promise<unknown>) =>
      promise.then(
        () => 'answered',
        (error: unknown) => error,
      );
    const sleeping = (db: Database['db'], seconds: number) => outcome(db.execute(sql`select pg_sleep(${seconds})`));
    /** A transaction that ran a statement and waits, its connection out of the pool and idle, until `resume()`. */
    const waitingTransaction = (db: Database['db']) => {
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
    const sleepersRunning = async (count: number) => {
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
    const terminateOthers = (db: Database['db'], applicationName: string) =>
      db.execute<{ pid: number }>(
        sql`select pg_terminate_backend(pid) as pid from pg_stat_activity where application_name = ${applicationName} and pid <> pg_backend_pid()`,
      );

    it(
      'after a restart cut a query on the only pooled connection, the next query on it is answered',
      async () => {
        const pool = createPostgresPool(cluster.url, 1);
        try {
          await pool.query('select 1');
          const cut = outcome(pool.query('select pg_sleep(30)'));
          await sleepersRunning(1);
          await cluster.restart();
          const error = await cut;
          expect(error).not.toBe('answered');
          expect(isDatabaseUnavailable(error)).toBe(true);
          expect((await pool.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
        } finally {
          await pool.end();
        }
      },
      FAULT_TIMEOUT_MS,
    );

    it(
      'a restart while queries run and a transaction waits: each fails as unavailable, the process carries on, and every connection answers after',
      async () => {
        const database = await openDatabase({ kind: 'postgres', url: cluster.url });
        try {
          const { db } = database;
          // A transaction between its statements when the restart comes.
          const transaction = waitingTransaction(db);
          const running = Array.from({ length: 6 }, () => sleeping(db, 30));
          expect(await transaction.opened()).toBe(true);
          await sleepersRunning(6);
          await cluster.restart();
          transaction.resume();
          for (const error of [...(await Promise.all(running)), await transaction.done]) {
            expect(error).not.toBe('answered');
            expect(isDatabaseUnavailable(error)).toBe(true);
          }
          // More at once than the pool holds: every connection, the idle ones cut too, is opened again.
          const after = await Promise.all(
            Array.from({ length: 20 }, (_, index) => db.execute<{ n: number }>(sql`select ${index}::int as n`)),
          );
          expect(after.map((result) => result.rows[0]!.n)).toEqual(Array.from({ length: 20 }, (_, index) => index));
          expect(await outcome(db.transaction((tx) => tx.execute(sql`select 1`)))).toBe('answered');
        } finally {
          await database.close();
        }
      },
      FAULT_TIMEOUT_MS,
    );

    it(
      'a backend terminated with pg_terminate_backend, busy, idle in the pool or in a transaction: the query after each is answered',
      async () => {
        const database = await openDatabase({ kind: 'postgres', url: cluster.url });
        const killer = createPostgresPool(cluster.url, 1);
        try {
          const { db } = database;
          await Promise.all(Array.from({ length: 10 }, () => db.execute(sql`select 1`)));
          const transaction = waitingTransaction(db);
          const busy = sleeping(db, 30);
          expect(await transaction.opened()).toBe(true);
          await sleepersRunning(1);
          // The pool's sessions are the ones without an application name (the killer's is its own).
          await killer.query("set application_name = 'killer'");
          const { rows } = await killer.query<{ pid: number }>(
            "select pid, pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = ''",
          );
          expect(rows.length).toBeGreaterThanOrEqual(3);
          // Once the backends are gone their last words (57P01, then the close) have reached this process, as after a restart.
          const remaining = async () =>
            (
              await killer.query('select count(*)::int as n from pg_stat_activity where pid = any($1)', [
                rows.map((row) => row.pid),
              ])
            ).rows[0].n;
          expect(await eventually(remaining, (n) => n === 0)).toBe(0);
          expect(isDatabaseUnavailable(await busy)).toBe(true);
          transaction.resume();
          expect(isDatabaseUnavailable(await transaction.done)).toBe(true);
          // A pooled session's last words can still be unread when the pool hands it out (its socket's turn in the
          // event loop may come after the killer's answer): such a query fails as unavailable (a 503), never hangs or
          // answers wrongly, and the pool drops that session. The next round is answered whole.
          const first = await Promise.all(Array.from({ length: 20 }, () => outcome(db.execute(sql`select 1`))));
          for (const result of first) if (result !== 'answered') expect(isDatabaseUnavailable(result)).toBe(true);
          const after = await Promise.all(Array.from({ length: 20 }, () => outcome(db.execute(sql`select 1`))));
          expect(after).toEqual(after.map(() => 'answered'));
        } finally {
          await killer.end();
          await database.close();
        }
      },
      FAULT_TIMEOUT_MS,
    );

    it(
      'a transaction whose BEGIN meets the end of its session gives its connection back to the pool',
      async () => {
        // The app's pool, of one connection, under Drizzle as the app uses it.
        const pool = createPostgresPool(cluster.url, 1);
        const db = drizzle(pool);
        const killer = createPostgresPool(cluster.url, 1);
        try {
          await killer.query("set application_name = 'killer'");
          for (let round = 0; round < 5; round++) {
            await pool.query("set application_name = 'victim'");
            await killer.query(
              "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'victim'",
            );
            // Begun at once, on the pooled connection whose end is on its way: it may fail as unavailable, never hang.
            const cut = await outcome(db.transaction((tx) => tx.execute(sql`select 1`)));
            if (cut !== 'answered') expect(isDatabaseUnavailable(cut)).toBe(true);
            expect(await outcome(db.transaction((tx) => tx.execute(sql`select 1`)))).toBe('answered');
          }
          expect(pool.totalCount).toBe(pool.idleCount);
        } finally {
          await killer.end();
          await pool.end();
        }
      },
      FAULT_TIMEOUT_MS,
    );

    it(
      'the change feed reports the loss when its session is terminated or PostgreSQL restarts, listens again, and settles',
      async () => {
        const database = await openDatabase({ kind: 'postgres', url: cluster.url });
        const feed = postgresChangeFeed(cluster.url);
        const events: string[] = [];
        try {
          feed.start({
            onChange: (table) => events.push(`change ${table}`),
            onLost: () => events.push('lost'),
            onLive: () => events.push('live'),
          });
          const isListening = async () => events.at(-1) === 'live';
          await eventually(isListening, Boolean);
          for (const fault of [
            () => terminateOthers(database.db, CHANGE_FEED_APPLICATION_NAME),
            () => cluster.restart(),
          ]) {
            events.length = 0;
            await fault();
            expect(await eventually(isListening, Boolean, 30_000)).toBe(true);
            expect(events[0]).toBe('lost');
            const insert = () =>
              outcome(
                database.db.insert(vendors).values({
                  vendorId: `v${Date.now()}`,
                  name: 'V',
                  emails: ['v@v.test'],
                  defaultUtmSource: 'v',
                  createdAt: new Date(),
                  updatedAt: new Date(),
                }),
              );
            expect(await eventually(insert, (value) => value === 'answered', 30_000)).toBe('answered');
            expect(await feed.settle()).toBe(true);
            expect(events).toContain('change vendors');
          }
        } finally {
          await feed.close();
          await database.close();
        }
      },
      FAULT_TIMEOUT_MS,
    );

    it(
      'an app on a stopped PostgreSQL answers 503 with Retry-After, serves nothing from its read cache, and answers again once it is back',
      async ({ dataDir }) => {
        const database = await openDatabase({ kind: 'postgres', url: cluster.url });
        const t = await createTestApp({ DATA_DIR: dataDir }, database);
        try {
          const token = await register(t.app, ADMIN_EMAIL);
          const list = () => t.app.inject({ method: 'GET', url: '/api/vendors', headers: bearer(token) });
          // Read twice: the list and the session are in the read cache.
          expect((await list()).statusCode).toBe(200);
          expect((await list()).statusCode).toBe(200);

          await cluster.halt();
          try {
            const during = await list();
            expect(during.statusCode).toBe(503);
            expect(during.headers['retry-after']).toBe('5');
            expect(during.json()).toEqual({
              message: 'The database cannot be reached right now. Please try again in a few seconds.',
            });
          } finally {
            await cluster.start();
          }
          // Written outside the app while its change feed may still be away: the next read shows it.
          const insert = () =>
            outcome(
              database.db.insert(vendors).values({
                vendorId: 'acme',
                name: 'Acme',
                emails: ['a@acme.test'],
                defaultUtmSource: 'acme',
                createdAt: new Date(),
                updatedAt: new Date(),
              }),
            );
          expect(await eventually(insert, (value) => value === 'answered', 30_000)).toBe('answered');
          const after = await eventually(list, (response) => response.statusCode === 200, 30_000);
          expect((after.json() as { vendorId: string }[]).map((vendor) => vendor.vendorId)).toContain('acme');
        } finally {
          await t.app.close();
          await database.close();
        }
      },
      FAULT_TIMEOUT_MS,
    );

    it(
      'a server process under requests rides out a restart, terminated sessions and a stop: 503 meanwhile, answers after, never exits',
      async () => {
        const data = temporaryDataDir();
        const killer = createPostgresPool(cluster.url, 1);
        try {
          const server = await startServer({ DATA_DIR: data.dir, DATABASE_URL: cluster.url, LOG_LEVEL: 'info' });
          const running = await server.line(
            (line) => typeof line.msg === 'string' && line.msg.startsWith('Dispatch is running'),
          );
          const base = running.address as string;
          // An unknown token: looked up in the database each time (nothing is cached for an absent session).
          const signIn = () => fetch(`${base}/api/user`, { headers: bearer('unknown-token') });
          expect((await signIn()).status).toBe(401);
          // Requests keep coming through every fault; each answers 401 (the database read) or 503 with Retry-After.
          let isLoading = true;
          const statuses = new Set<number>();
          const load = (async () => {
            while (isLoading) {
              const response = await signIn();
              statuses.add(response.status);
              if (response.status === 503) expect(response.headers.get('retry-after')).toBe('5');
              await sleep(20);
            }
          })();
          const answersAgain = async () =>
            expect((await eventually(signIn, (response) => response.status === 401, 30_000)).status).toBe(401);

          await cluster.restart();
          await answersAgain();
          await killer.query(
            'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
          );
          await answersAgain();
          await cluster.halt();
          try {
            const during = await signIn();
            expect(during.status).toBe(503);
            expect((await during.json()).message).toMatch(/database cannot be reached/);
          } finally {
            await cluster.start();
          }
          await answersAgain();
          isLoading = false;
          await load;
          expect([...statuses].sort()).toEqual([401, 503]);
          expect(server.child.exitCode, server.output()).toBeNull();
          server.child.kill('SIGTERM');
          expect(await server.exitCode(), server.output()).toBe(0);
        } finally {
          await killer.end();
          data.remove();
        }
      },
      FAULT_TIMEOUT_MS,
    );
  },
);
