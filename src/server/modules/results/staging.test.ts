import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { test } from '#server/testing/fixtures';
import { actBlueCsv, importResults } from '#server/testing/results-fixtures';

test('values with a backslash, a tab, a line break or the database’s null mark are stored as written', async ({
  app,
  admin,
  database,
}) => {
  const awkward = ['back\\slash', 'tab\there', 'two\nlines', '\\N', 'carriage\rreturn'];
  const rows = awkward.map((code, i) => ({
    'Lineitem ID': `L\\${i}\t${code}`,
    Date: '2026-03-11 10:00:00',
    Amount: '5.00',
    'Reference Code': code,
    'Reference Code 2': `camp\\${i}`,
    'Donor Email': `d${i}@x.org`,
  }));
  const response = await importResults(app, admin, actBlueCsv(rows));
  expect(response.statusCode).toBe(201);
  expect(response.json()).toMatchObject({ rows: 5, added: 5 });
  const stored = await database.db.execute<{ source_id: string; codes: string[]; campaign: string }>(
    sql`SELECT source_id, codes, campaign FROM contributions ORDER BY source_id`,
  );
  expect(stored.rows).toEqual(
    rows
      .map((row, i) => ({
        source_id: row['Lineitem ID'].trim(),
        codes: [awkward[i]!.trim().toLowerCase(), `camp\\${i}`],
        campaign: `camp\\${i}`,
      }))
      .sort((a, b) => (a.source_id < b.source_id ? -1 : 1)),
  );
  // The same file again changes nothing: what was stored reads back equal to what the file says.
  expect((await importResults(app, admin, actBlueCsv(rows))).json()).toMatchObject({ unchanged: 5, updated: 0 });
});
