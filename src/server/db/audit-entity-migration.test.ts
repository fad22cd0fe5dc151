import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths';
import { openDatabase } from './client';

describe('audit rows of a send written before it had one name', () => {
  it("read 'send' after the migration, and other entities are left alone", async () => {
    const before = mkdtempSync(join(tmpdir(), 'dispatch-migrations-'));
    try {
      cpSync(migrationsFolder, before, { recursive: true });
      const journalPath = join(before, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
      const upTo = journal.entries.findIndex((entry) => entry.tag === '0028_audit_entity_send');
      expect(upTo).toBeGreaterThan(0);
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));

      const client = await PGlite.create();
      await migrate(drizzle(client), { migrationsFolder: before });
      await client.exec(`insert into audit_log (actor_email, action, entity, entity_id) values
        ('a@example.org', 'reuse', 'email_log', '7'), ('a@example.org', 'create', 'vendor', 'v1')`);
      const snapshot = await client.dumpDataDir('none');
      await client.close();

      const database = await openDatabase({ kind: 'pglite', snapshot });
      try {
        const { rows } = await database.db.execute<{ entity: string; entity_id: string }>(
          sql`select entity, entity_id from audit_log order by id`,
        );
        expect(rows).toEqual([
          { entity: 'send', entity_id: '7' },
          { entity: 'vendor', entity_id: 'v1' },
        ]);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(before, { recursive: true, force: true });
    }
  }, 60_000);
});
