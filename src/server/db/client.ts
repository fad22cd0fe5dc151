import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed';
import { ensurePgliteDataDir, type CreatedDataDir } from './pglite-data-dir';
import { PrivateNodeFS } from './private-node-fs';
import * as schema from './schema';

/** What `db.execute` answers on both drivers (PGlite's Results, node-postgres's QueryResult): its `rows`, among more. */
export interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsResult<this['row']>;
}
interface RowsResult<Row> {
  rows: Row[];
}

export type Db = PgDatabase<RowsResultHKT, typeof schema>;
/** A transaction on the database, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** A new feed of the committed writes to the cached tables (a dedicated session on PostgreSQL); closed by its user. */
  openChangeFeed(): ChangeFeed;
  /** The embedded database's data folder as a tar (PGlite's own dump), for a backup; only on PGlite. */
  dump?: () => Promise<Uint8Array>;
  /** Set when this opening created the embedded database's folder first (in a process of its own). */
  created?: CreatedDataDir;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** dataDir undefined means in memory; snapshot starts from a dumped, already migrated data directory. */
  | { kind: 'pglite'; dataDir?: string; snapshot?: Blob | File };

/** A migration did not apply (drizzle runs the pending ones in one transaction: none did), and the server must not start. */
export class MigrationError extends Error {
  constructor(cause: unknown) {
    // Drizzle's own message is the whole failed statement; the database's reason is in its cause.
    super(
      `A database migration failed: ${((cause as Error).cause as Error | undefined)?.message ?? (cause as Error).message}`,
      { cause },
    );
    this.name = 'MigrationError';
  }
}

async function migrating(migration: Promise<void>): Promise<void> {
  try {
    await migration;
  } catch (error) {
    throw new MigrationError(error);
  }
}

/** A database that does not answer a connection in 10 s is away: say so rather than hold the request. */
const CONNECT_TIMEOUT_MS = 10_000;

/** Any fixed number: every instance of Dispatch takes the same PostgreSQL advisory lock around its migrations. */
const MIGRATION_LOCK_KEY = 4_242_170_311;

/**
 * Instances starting together migrate one after the other: the first applies what is pending, the others then find
 * nothing to do (without it, two would race to create drizzle's bookkeeping table and to apply the same migration).
 * The lock is held by a connection of its own, and ending that session releases it whatever happened.
 */
async function withMigrationLock(url: string, migrate: () => Promise<void>): Promise<void> {
  const lock = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A session that ends fails the query waiting on it; without a listener its 'error' event would end the process.
  lock.on('error', () => {});
  try {
    await lock.connect();
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate();
  } finally {
    await lock.end().catch(() => {});
  }
}

/**
 * The pool of the app's queries (node-postgres, decision 0019). A connection that ends (a restart, a terminated
 * backend) fails the query on it, which the error handler answers with 503, and the pool opens a new one for the next.
 * pg also reports the end as an 'error' event on the client and, while the client is idle, on the pool; an event
 * nobody listens to ends the process, and a client taken out for a transaction has no listener of the pool's.
 */
export function createPostgresPool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 60_000,
  });
  const out = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => out.add(client));
  pool.on('release', (_error, client) => out.delete(client));
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    // drizzle-orm 0.45.4's transaction() takes a client and sends BEGIN before its try/finally: a BEGIN cut by the end
    // of its session never gives the client back, and the pool would be one connection short for good. A client whose
    // session ended while out is given back here; a release that still comes fails with pg-pool's 'Release called on
    // client which has already been released to the pool.', which isDatabaseUnavailable reads as the database away.
    client.on('end', () => {
      if (out.delete(client)) client.release(new Error('Connection terminated unexpectedly'));
    });
  });
  return pool;
}

/**
 * PGlite's memory for the server's workload: PostgreSQL's default 128 MB of shared buffers are all touched when
 * WebAssembly starts it (and WebAssembly memory is never given back), for tables that here fit in a few megabytes;
 * the operating system's page cache still holds the files. 128 MB -> 16 MB took an opened database from ~285 MB to
 * ~160 MB of resident memory. Single-user mode has one backend, so few connection slots are needed.
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'max_connections=10',
];

/** Opens the database and applies every pending migration. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = createPostgresPool(target.url);
    const db = drizzlePostgres(pool, { schema });
    try {
      await withMigrationLock(target.url, () => migrating(migratePostgres(db, { migrationsFolder })));
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      close: () => pool.end(),
      openChangeFeed: () => postgresChangeFeed(target.url),
    };
  }
  // A new folder is created apart, so that initdb's memory is not the server's for good.
  const created = target.dataDir && !target.snapshot ? await ensurePgliteDataDir(target.dataDir) : undefined;
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
  const client = await PGlite.create({
    startParams: PGLITE_START_PARAMS,
    ...(target.dataDir ? { fs: new PrivateNodeFS(target.dataDir) } : {}),
    ...(target.snapshot ? { loadDataDir: target.snapshot } : {}),
  });
  const db = drizzlePglite(client, { schema });
  try {
    await migrating(migratePglite(db, { migrationsFolder }));
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ...(created ? { created } : {}),
    close: () => client.close(),
    openChangeFeed: () => pgliteChangeFeed(client),
    async dump() {
      // Pages still only in memory are written first; no other transaction runs while the folder is copied.
      await client.exec('CHECKPOINT');
      const tar = await client.transaction(() => client.dumpDataDir('none'));
      return new Uint8Array(await tar.arrayBuffer());
    },
  };
}

/** A migrated, empty PGlite data directory, so each test database starts in a fraction of initdb's time. */
export async function createPgliteSnapshot(): Promise<Blob | File> {
  const client = await PGlite.create();
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}
