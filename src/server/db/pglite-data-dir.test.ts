import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths';
import { temporaryDataDir } from '../testing/send-fixtures';
import { openDatabase } from './client';
import { DataDirCreationError } from './pglite-data-dir';

const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

// Embedded mode only: the PostgreSQL run (TEST_DATABASE_URL) has no data folder to create.
describe.skipIf(process.env.TEST_DATABASE_URL)('a new embedded database folder', () => {
  it.for<{ where: string; isThere: boolean }>([
    { where: 'missing', isThere: false },
    { where: 'an empty folder', isThere: true },
  ])(
    '($where) is created by a process of its own, then opens, migrates and reopens',
    { timeout: 120_000 },
    async ({ isThere }) => {
      const data = temporaryDataDir();
      try {
        const dbDir = join(data.dir, 'db');
        if (isThere) mkdirSync(dbDir, { mode: 0o700 });
        const database = await openDatabase({ kind: 'pglite', dataDir: dbDir });
        // What the creating process reported of itself: set only when the folder was made outside this process.
        expect(database.created?.peakRssBytes).toBeGreaterThan(0);
        const applied = rowsOf<{ count: number }>(
          await database.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`),
        );
        expect(applied[0]!.count).toBe(journal.entries.length);
        await database.db.execute(sql`insert into authorized_emails (email) values ('kept@agency.test')`);
        await database.close();

        expect(statSync(dbDir).mode & 0o777).toBe(0o700);
        expect(statSync(join(dbDir, 'PG_VERSION')).mode & 0o077).toBe(0);
        // Nothing of the creation is left beside it.
        expect(readdirSync(data.dir)).toEqual(['db']);

        const reopened = await openDatabase({ kind: 'pglite', dataDir: dbDir });
        expect(reopened.created).toBeUndefined();
        const kept = rowsOf<{ email: string }>(await reopened.db.execute(sql`select email from authorized_emails`));
        expect(kept.map((row) => row.email)).toContain('kept@agency.test');
        await reopened.close();
      } finally {
        data.remove();
      }
    },
  );

  it('that fails is reported with the creating process reason, and what was there is left alone', async () => {
    const data = temporaryDataDir();
    try {
      const dbDir = join(data.dir, 'db');
      mkdirSync(dbDir, { mode: 0o700 });
      writeFileSync(join(dbDir, 'notes.txt'), 'not a database');
      // Refused before a database is made beside it (initdb's seconds for nothing): nothing appears next to the folder.
      const madeBeside: string[] = [];
      const watcher = watch(data.dir, (_event, name) => madeBeside.push(String(name)));
      const opening = openDatabase({ kind: 'pglite', dataDir: dbDir });
      await expect(opening).rejects.toBeInstanceOf(DataDirCreationError);
      watcher.close();
      expect(madeBeside).toEqual([]);
      await expect(opening).rejects.toThrow(
        `Creating the embedded database in ${dbDir} failed: the process exited with code 1: ${dbDir} already holds files but no database (no PG_VERSION)`,
      );
      expect(readdirSync(dbDir)).toEqual(['notes.txt']);
      expect(readdirSync(data.dir)).toEqual(['db']);
      expect(existsSync(join(dbDir, 'PG_VERSION'))).toBe(false);
    } finally {
      data.remove();
    }
  }, 120_000);
});
