import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths';
import { createRestartableDatabase } from '../testing/test-app';
import { MigrationError, openDatabase, type Database } from './client';

const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

async function appliedMigrations(database: Database): Promise<number> {
  const { rows } = await database.db.execute<{ count: number }>(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return rows[0]!.count;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations on PostgreSQL', () => {
  it('instances starting together on an empty database all start, and each migration is applied once', async () => {
    const target = await createRestartableDatabase();
    try {
      const instances = await Promise.all([target.open(), target.open(), target.open()]);
      for (const instance of instances) expect(await appliedMigrations(instance)).toBe(journal.entries.length);
      await Promise.all(instances.map((instance) => instance.close()));
    } finally {
      await target.cleanup();
    }
  }, 60_000);
});

describe('a migration that fails', () => {
  it('stops opening the database with a MigrationError that gives the database reason', async () => {
    // A table in the way of the first migration.
    const client = await PGlite.create();
    await client.exec('create table users (id text)');
    const snapshot = await client.dumpDataDir('none');
    await client.close();

    const opening = openDatabase({ kind: 'pglite', snapshot });
    await expect(opening).rejects.toBeInstanceOf(MigrationError);
    await expect(opening).rejects.toThrow(/A database migration failed: relation "users" already exists/);
  }, 60_000);
});
