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

test('a file of several parts is read in threads and stored whole, each contribution once', async ({
  app,
  admin,
  database,
}) => {
  const rows = Array.from({ length: 9_000 }, (_, i) => ({
    'Lineitem ID': `L${i}`,
    Date: '2026-03-11 10:00:00',
    Amount: `${1 + (i % 90)}.50`,
    'Reference Code': 'acme',
    'Donor Email': `d${i % 1_000}@x.org`,
  }));
  // Two rows of one id, in parts read apart, are refused with both lines (and nothing is stored).
  const twice = await importResults(app, admin, actBlueCsv([...rows, { ...rows[5_000]!, Amount: '998.00' }]));
  expect(twice.statusCode).toBe(400);
  expect(twice.json()).toMatchObject({ lines: [5_002, 9_002] });
  const csv = actBlueCsv(rows);
  expect(Buffer.byteLength(csv)).toBeGreaterThan(3 * 256 * 1024);
  const response = await importResults(app, admin, csv);
  expect(response.statusCode).toBe(201);
  expect(response.json()).toMatchObject({ rows: 9_000, added: 9_000 });
  const stored = await database.db.execute<{ n: number; total: string; l3: string; l5000: string }>(sql`
    SELECT count(*)::int AS n, sum(amount_cents)::text AS total,
           (SELECT amount_cents::text FROM contributions WHERE source_id = 'L3') AS l3,
           (SELECT amount_cents::text FROM contributions WHERE source_id = 'L5000') AS l5000
      FROM contributions`);
  const last = new Map(rows.map((row) => [row['Lineitem ID'], Math.round(Number(row.Amount) * 100)]));
  expect(stored.rows[0]).toEqual({
    n: 9_000,
    total: String([...last.values()].reduce((sum, cents) => sum + cents, 0)),
    l3: '450',
    l5000: '5150',
  });
});
