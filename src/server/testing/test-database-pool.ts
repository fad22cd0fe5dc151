import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * The test databases a test worker keeps between tests (decision 0082). A test's database, once the test is over, is
 * emptied (`TRUNCATE … RESTART IDENTITY`: no row, every id from 1 again, as a freshly migrated database) and lent to
 * the next test, instead of loading the migrated PGlite snapshot again (about 1.2 s of CPU each) or copying the
 * PostgreSQL template. A database the test closed is not kept; one whose schema the test changed, or that cannot be
 * emptied (a transaction left open), is closed instead.
 */

/** Idle databases kept at most: a test rarely holds more than two at once. */
const MAX_IDLE = 3;
/** How long emptying may take before the database is given up (a transaction a test left open would block it). */
const RESET_TIMEOUT_MS = 10_000;

interface Pooled {
  database: Database;
  /** The public tables, listed once. */
  tables: string;
  /** The schema as migrated: a database whose schema differs after a test is not lent again. */
  fingerprint: string;
}

const idle: Pooled[] = [];
const lent = new WeakMap<Database, { pooled: Pooled; closed: boolean }>();

const SCHEMA_FINGERPRINT = sql`
  SELECT md5(coalesce(string_agg(part, ',' ORDER BY part), '')) AS fingerprint FROM (
    SELECT table_name || '.' || column_name || ':' || data_type || ':' || is_nullable || ':' || coalesce(column_default, '') AS part
      FROM information_schema.columns WHERE table_schema = 'public'
    UNION ALL SELECT indexname || indexdef FROM pg_indexes WHERE schemaname = 'public'
    UNION ALL SELECT conname || pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = 'public'::regnamespace
    UNION ALL SELECT tgname FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT proname || md5(prosrc) FROM pg_proc WHERE pronamespace = 'public'::regnamespace
    UNION ALL SELECT 'migrations:' || count(*) FROM drizzle.__drizzle_migrations
  ) AS parts`;

async function fingerprintOf(database: Database): Promise<string> {
  const result = await database.db.execute<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  return result.rows[0]!.fingerprint;
}

async function pool(database: Database): Promise<Pooled> {
  const result = await database.db.execute<{ tables: string | null }>(sql`
    SELECT string_agg(format('%I.%I', schemaname, tablename), ', ' ORDER BY tablename) AS tables
      FROM pg_tables WHERE schemaname = 'public'`);
  return { database, tables: result.rows[0]!.tables ?? '', fingerprint: await fingerprintOf(database) };
}

/**
 * A migrated, empty database for a test: an idle one emptied after its last test, else a new one from `open`. Its
 * `close()` closes it for good, as a test that closes its database expects.
 */
export async function borrowDatabase(open: () => Promise<Database>): Promise<Database> {
  const pooled = idle.pop() ?? (await pool(await open()));
  const state = { pooled, closed: false };
  const database: Database = {
    ...pooled.database,
    async close() {
      state.closed = true;
      await pooled.database.close();
    },
  };
  lent.set(database, state);
  return database;
}

/** Gives a borrowed database back once its test is done with it: emptied and kept for the next test, or closed. */
export async function returnDatabase(database: Database): Promise<void> {
  const state = lent.get(database);
  if (!state) return database.close();
  lent.delete(database);
  if (state.closed) return;
  const { pooled } = state;
  const isKept = await withTimeout(emptied(pooled), RESET_TIMEOUT_MS).catch(() => false);
  if (isKept && idle.length < MAX_IDLE) idle.push(pooled);
  // Not awaited: a database that could not be emptied may not close either.
  else void pooled.database.close().catch(() => {});
}

async function emptied(pooled: Pooled): Promise<boolean> {
  if ((await fingerprintOf(pooled.database)) !== pooled.fingerprint) return false;
  if (pooled.tables) await pooled.database.db.execute(sql.raw(`TRUNCATE ${pooled.tables} RESTART IDENTITY CASCADE`));
  return true;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
