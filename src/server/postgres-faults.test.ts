import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect } from 'vitest';
import { createPostgresPool, openDatabase } from './db/client';
import { isDatabaseUnavailable } from './db/errors';
import { eventually } from './testing/send-fixtures';
import {
  cluster,
  FAULT_TIMEOUT_MS,
  it,
  outcome,
  sleepersRunning,
  sleeping,
  waitingTransaction,
  withOwnPostgres,
} from './postgres-faults-fixtures';

describe.skipIf(process.env.TEST_DATABASE_URL === undefined)(
  'the PostgreSQL driver through restarts and ended sessions',
  () => {
    withOwnPostgres();

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
  },
);
