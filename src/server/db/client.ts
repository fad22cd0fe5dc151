import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { migrationsFolder } from '../paths';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** dataDir undefined means in memory; snapshot starts from a dumped, already migrated data directory. */
  | { kind: 'pglite'; dataDir?: string; snapshot?: Blob | File };

/** Opens the database and applies every pending migration. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const sql = postgres(target.url, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(sql, { schema });
    await migratePostgres(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => sql.end({ timeout: 5 }) };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = await PGlite.create(target.dataDir, target.snapshot ? { loadDataDir: target.snapshot } : {});
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
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
