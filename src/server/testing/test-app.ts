import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { buildApp, type App, type AppDeps } from '../app';
import type { Clock } from '../clock';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { databaseUrl, runOnServer } from './postgres-template';
import { removeFolder } from './remove-folder';
import { borrowDatabase, returnDatabase } from './test-database-pool';
import { createGoogleContext, type GoogleContext } from '../modules/google/context';
import { issueInvite } from '../modules/invites/service';
import { findAuthorizedEmailWithAccount } from '../modules/invites/repository';
import { ensureAdmins } from '../modules/users/service';

/** A clock the test moves by hand. */
export function createTestClock(start = new Date('2026-03-10T15:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  } satisfies Clock & { advance(ms: number): void };
}

export type TestClock = ReturnType<typeof createTestClock>;

/**
 * A new database on the PostgreSQL server of TEST_DATABASE_URL, and how to drop it: a copy of the run's migrated template
 * (global-setup.ts, decision 0079), or empty.
 */
async function createPostgresDatabase(serverUrl: string, { isEmpty = false } = {}) {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = isEmpty ? '' : inject('postgresTemplate');
  await runOnServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    url: databaseUrl(serverUrl, name),
    drop: () => runOnServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** The run's migrated PGlite data folder, dumped (global-setup.ts): what a new test database is loaded from. */
export const migratedSnapshot = () => new Blob([readFileSync(inject('pgliteSnapshotPath'))]);

/**
 * The database under test, migrated and empty: one the worker emptied after an earlier test (test-database-pool.ts),
 * else PGlite from the migrated snapshot, or a new database on the PostgreSQL server of TEST_DATABASE_URL. `close()`
 * closes it; `returnDatabase()` gives it back for the next test.
 */
export function openTestDatabase(): Promise<Database> {
  return borrowDatabase(openNewTestDatabase);
}

async function openNewTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const snapshot = migratedSnapshot();
    return openDatabase({ kind: 'pglite', snapshot });
  }
  const created = await createPostgresDatabase(serverUrl);
  const database = await openDatabase({ kind: 'postgres', url: created.url });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * A database that survives a restart: open() again after close() sees the same data (a PGlite folder, `pgliteDir`
 * when given, or one database on the PostgreSQL server of TEST_DATABASE_URL).
 */
export async function createRestartableDatabase(options: { pgliteDir?: string } = {}): Promise<{
  /** The PostgreSQL database's URL; undefined for PGlite. */
  url?: string;
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = options.pgliteDir ?? mkdtempSync(join(tmpdir(), 'dispatch-restart-'));
    // A folder without a database starts from the migrated snapshot, as the other test databases do: the app's own way
    // costs a whole initdb and the migrations in a child process (about 13 s of CPU). first-run.test.ts and
    // pglite-data-dir.test.ts show the app's own way.
    let isNew = !existsSync(join(dir, 'PG_VERSION'));
    return {
      open: () => {
        const snapshot = isNew ? migratedSnapshot() : undefined;
        isNew = false;
        return openDatabase({ kind: 'pglite', dataDir: dir, ...(snapshot ? { snapshot } : {}) });
      },
      cleanup: async () => removeFolder(dir),
    };
  }
  // Empty, as a new installation's: the first open() migrates it (migrations.test.ts starts instances on it together).
  const created = await createPostgresDatabase(serverUrl, { isEmpty: true });
  return { url: created.url, open: () => openDatabase({ kind: 'postgres', url: created.url }), cleanup: created.drop };
}

export interface TestContext {
  app: App;
  database: Database;
  clock: TestClock;
  config: Config;
  /** The app's own Google context (its access tokens are the gmail transport's). */
  google: GoogleContext;
  close(): Promise<void>;
}

export const ADMIN_EMAIL = 'admin@agency.test';
export const PASSWORD = 'correct horse battery';

/** `deps` adds or replaces buildApp's optional dependencies (storage, mail transport, delivery tuning). */
export async function createTestApp(
  env: Record<string, string> = {},
  existing?: Database,
  deps: Partial<
    Pick<
      AppDeps,
      | 'storage'
      | 'mailTransport'
      | 'delivery'
      | 'retention'
      | 'reminders'
      | 'boardLimits'
      | 'rateLimits'
      | 'logger'
      | 'maxDraftBytes'
      | 'pause'
      | 'clientDir'
      | 'changeFeed'
    >
  > = {},
): Promise<TestContext> {
  // Adding a user mails an invite (the outbox by default): never into the working copy's ./data.
  const ownDataDir = env.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), 'dispatch-test-'));
  const config = loadConfig({
    ADMIN_EMAILS: ADMIN_EMAIL,
    SECRET_KEY: 'x'.repeat(40),
    LOG_LEVEL: 'silent',
    DATA_DIR: ownDataDir,
    ...env,
  });
  const database = existing ?? (await openTestDatabase());
  const clock = createTestClock();
  await ensureAdmins({ db: database.db, clock }, config.adminEmails);
  const google = createGoogleContext({ config, db: database.db, clock });
  // Throttling's waits are recorded, not waited (tests that look at them pass their own).
  const app = await buildApp({
    config,
    db: database.db,
    changeFeed: database.openChangeFeed(),
    clock,
    google,
    pause: async () => {},
    checkContract: true,
    ...deps,
  });
  inviters.set(app, (email) => inviteFor({ db: database.db, clock, config }, email));
  // Removed with the app, however it is closed (the `t` fixture closes only the app).
  if (ownDataDir) app.addHook('onClose', async () => removeFolder(ownDataDir));
  return {
    app,
    database,
    clock,
    config,
    google,
    async close() {
      await app.close();
      // One it opened goes back to the worker's pool, emptied (test-database-pool.ts).
      await (existing ? database.close() : returnDatabase(database));
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The token of an invite link (`.../auth?invite=<token>`). */
export const inviteTokenOf = (inviteUrl: string) => new URL(inviteUrl).searchParams.get('invite')!;

/** A new invite for an authorized address, issued by the service as the admin API and the start-up setup link do. */
async function inviteFor(deps: Parameters<typeof issueInvite>[0], email: string): Promise<string> {
  const row = await findAuthorizedEmailWithAccount(deps.db, email);
  if (!row) throw new Error(`invite ${email}: not on the authorized list`);
  return inviteTokenOf((await issueInvite(deps, row.id)).inviteUrl);
}

const inviters = new WeakMap<App, (email: string) => Promise<string>>();

/** A new invite token for an authorized address of a test app (the old one stops working). */
export function createInvite(app: App, email: string): Promise<string> {
  const invite = inviters.get(app);
  if (!invite) throw new Error('createInvite: the app was not built by createTestApp');
  return invite(email);
}

/** Registers an authorized address with a new invite and returns its token. */
export async function register(app: App, email: string, password = PASSWORD, invite?: string): Promise<string> {
  const payload = { email, password, invite: invite ?? (await createInvite(app, email)) };
  const response = await app.inject({ method: 'POST', url: '/api/register', payload });
  if (response.statusCode !== 201) throw new Error(`register ${email}: ${response.statusCode} ${response.body}`);
  return response.json().token;
}

/** Authorizes an address as the given admin, registers it and returns its token. */
export async function addAndRegister(app: App, adminToken: string, email: string): Promise<string> {
  const added = await app.inject({
    method: 'POST',
    url: '/api/authorized-emails',
    headers: bearer(adminToken),
    payload: { email },
  });
  if (added.statusCode !== 201) throw new Error(`authorize ${email}: ${added.statusCode} ${added.body}`);
  return register(app, email, PASSWORD, inviteTokenOf(added.json().inviteUrl));
}
