import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect } from 'vitest';
import { createPostgresPool, openDatabase } from './db/client';
import { vendors } from './db/schema';
import { eventually, temporaryDataDir } from './testing/send-fixtures';
import { startServer } from './testing/server-process';
import { ADMIN_EMAIL, bearer, createTestApp, register } from './testing/test-app';
import { cluster, FAULT_TIMEOUT_MS, it, outcome, withOwnPostgres } from './postgres-faults-fixtures';

describe.skipIf(process.env.TEST_DATABASE_URL === undefined)(
  'the PostgreSQL driver through restarts and ended sessions',
  () => {
    withOwnPostgres();

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
              code: 'unavailable',
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
