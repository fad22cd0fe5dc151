import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from './test-app';
import { returnDatabase } from './test-database-pool';

const addresses = async (database: Awaited<ReturnType<typeof openTestDatabase>>) =>
  (
    await database.db.execute<{ id: number; email: string }>(sql`select id, email from authorized_emails order by id`)
  ).rows.map((row) => ({ ...row }));

describe('the test databases a worker keeps', () => {
  it('lends a returned database again with no row of the last test, its ids from 1 again', async () => {
    const first = await openTestDatabase();
    await first.db.execute(sql`insert into authorized_emails (email) values ('a@agency.test'), ('b@agency.test')`);
    await returnDatabase(first);

    const second = await openTestDatabase();
    try {
      expect(second.db).toBe(first.db);
      expect(await addresses(second)).toEqual([]);
      await second.db.execute(sql`insert into authorized_emails (email) values ('c@agency.test')`);
      expect(await addresses(second)).toEqual([{ id: 1, email: 'c@agency.test' }]);
    } finally {
      await returnDatabase(second);
    }
  });

  it('does not lend again a database whose schema the test changed, nor one the test closed', async () => {
    const changed = await openTestDatabase();
    await changed.db.execute(sql`alter table authorized_emails add column note text`);
    await returnDatabase(changed);
    const next = await openTestDatabase();
    expect(next.db).not.toBe(changed.db);
    const columns = await next.db.execute(
      sql`select 1 from information_schema.columns where table_name = 'authorized_emails' and column_name = 'note'`,
    );
    expect(columns.rows).toEqual([]);

    await next.close();
    await returnDatabase(next);
    const after = await openTestDatabase();
    try {
      expect(after.db).not.toBe(next.db);
      expect(await addresses(after)).toEqual([]);
    } finally {
      await returnDatabase(after);
    }
  });
});
