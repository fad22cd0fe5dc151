import type { LightMyRequestResponse } from 'fastify';
import { test as base } from 'vitest';
import type { Database } from '../db/client';
import { startFakeGoogle, type FakeGoogle } from './fake-google';
import { temporaryDataDir } from './send-fixtures';
import { returnDatabase } from './test-database-pool';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import {
  ADMIN_EMAIL,
  addAndRegister,
  bearer,
  createTestApp,
  openTestDatabase,
  type TestContext,
  register,
} from './test-app';

export const MEMBER_EMAIL = 'member@agency.test';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ServerFixtures {
  /** The app's environment over the test defaults; a file or suite sets its own with `test.override('env', ...)`. */
  env: Record<string, string>;
  /** buildApp's optional dependencies (delivery tuning, storage, mail transport, rate limits...). */
  appDeps: NonNullable<Parameters<typeof createTestApp>[2]>;
  /** A migrated, empty database (PGlite, or a database on TEST_DATABASE_URL's server), given back after the test. */
  database: Database;
  /** The app on `database`, with its clock, config and Google context; closed after the test. */
  t: TestContext;
  app: TestContext['app'];
  /** The bootstrap admin (ADMIN_EMAIL), registered: its bearer token. */
  admin: string;
  /** A signed-in user who is not an admin (MEMBER_EMAIL, added by the admin): its bearer token. */
  member: string;
  /** An API call as the holder of `token`, with an optional JSON payload. */
  call: (method: Method, url: string, token: string, payload?: unknown) => Promise<LightMyRequestResponse>;
  /**
   * Starts another app for the test, for a setting of its own, a restart or a second instance: on a fresh database
   * unless given one. Each is closed after the test, with the database it opened.
   */
  startApp: (...args: Parameters<typeof createTestApp>) => Promise<TestContext>;
  /** A temporary DATA_DIR, removed after the test. */
  dataDir: string;
  /** A real SMTP server on 127.0.0.1 that keeps what it accepts, closed after the test. */
  smtp: SmtpSink;
  /** A fake Google (OAuth endpoints, userinfo, Gmail) on 127.0.0.1, closed after the test; `fakeGoogleEnv(google)` points an app at it. */
  google: FakeGoogle;
}

/**
 * The server tests' shared set-up as Vitest fixtures: a test names what it needs (`async ({ app, admin }) => ...`) and
 * gets it built before and torn down after, in dependency order.
 */
export const test = base.extend<ServerFixtures>({
  env: {},
  appDeps: {},
  database: async ({}, use) => {
    const database = await openTestDatabase();
    await use(database);
    await returnDatabase(database);
  },
  t: async ({ env, appDeps, database }, use) => {
    const context = await createTestApp(env, database, appDeps);
    await use(context);
    // The database fixture closes the database.
    await context.app.close();
  },
  app: async ({ t }, use) => use(t.app),
  admin: async ({ app }, use) => use(await register(app, ADMIN_EMAIL)),
  member: async ({ app, admin }, use) => use(await addAndRegister(app, admin, MEMBER_EMAIL)),
  call: async ({ app }, use) =>
    use((method, url, token, payload) =>
      app.inject({
        method,
        url,
        headers: bearer(token),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    ),
  startApp: async ({}, use) => {
    const started: TestContext[] = [];
    await use(async (env, existing, deps) => {
      const context = await createTestApp(env, existing, deps);
      // An app on a database the test brought leaves that database to the test.
      started.push(existing ? { ...context, close: () => context.app.close() } : context);
      return context;
    });
    for (const context of started.reverse()) await context.close();
  },
  dataDir: async ({}, use) => {
    const data = temporaryDataDir();
    await use(data.dir);
    data.remove();
  },
  smtp: async ({}, use) => {
    const sink = await startSmtpSink();
    await use(sink);
    await sink.close();
  },
  google: async ({}, use) => {
    const fake = await startFakeGoogle();
    await use(fake);
    await fake.close();
  },
});

/** `it` reads as the rest of the suites do. */
export const it = test;
