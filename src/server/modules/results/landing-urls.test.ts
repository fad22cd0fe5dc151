import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { test } from '#server/testing/fixtures';
import { actBlueCsv, addResultCode, importResults, sendTo } from '#server/testing/results-fixtures';
import { seedVendors } from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';
import type { Db } from '#server/db/client';

const DAY = 86_400_000;

/** Rows whose codes and campaign come from their landing URL alone, written every way a URL's query can be. */
const LANDING_URLS = [
  'https://secure.actblue.com/donate/goa?UTM_SOURCE=Acme&utm_campaign=Fall%20Sale',
  'https://secure.actblue.com/donate/goa?refcode=acme&utm_campaign=fall+sale',
  'https://secure.actblue.com/donate/goa?refcode=acme',
  'https://secure.actblue.com/donate/goa?utm_source=&refcode=ACME#refcode=bravo',
  'secure.actblue.com/donate/goa?utm_source=nobody',
  'https://secure.actblue.com/donate/goa?refcode=nobody&utm_campaign=winter',
  'https://secure.actblue.com/donate/goa#top?refcode=acme',
  'https://secure.actblue.com/donate/goa?refcode=%E0%A4%A',
];

const csv = actBlueCsv(
  LANDING_URLS.map((url, i) => ({
    'Lineitem ID': `U${i}`,
    Date: '2026-03-20 10:00:00',
    Amount: '10',
    'Fundraising Page': url,
    'Donor Email': `u${i}@x.org`,
  })),
);

async function decisions(db: Db) {
  const result = await db.execute<{ source_id: string; send_id: number | null; attribution: string; codes: string[] }>(
    sql`SELECT source_id, send_id, attribution, codes FROM contributions ORDER BY source_id`,
  );
  return result.rows;
}

test('an import and a re-attribution read the same landing URLs the same way, and a link’s utm_campaign as a landing URL’s', async ({
  app,
  admin,
  t,
  database,
}) => {
  await seedVendors(app, admin);
  // The link's campaign written with an escape, the landing URLs' with '+' and '%20': one campaign, 'fall sale'.
  const fall = await sendTo(app, admin, ['acme1234', 'bravo5678'], { acme1234: 'Fall%20Sale' });
  t.clock.advance(2 * DAY);
  const winter = await sendTo(app, admin, ['acme1234', 'bravo5678'], { bravo5678: 'winter' });

  const first = await importResults(app, admin, csv);
  expect(first.statusCode, first.body).toBe(201);
  const imported = await decisions(database.db);
  expect(imported.map((row) => [row.source_id, row.attribution, row.send_id])).toEqual([
    ['U0', 'campaign:fall sale', fall],
    ['U1', 'campaign:fall sale', fall],
    ['U2', 'code:acme', winter],
    ['U3', 'code:acme', winter],
    ['U4', 'unmatched', null],
    ['U5', 'unmatched', null],
    ['U6', 'unmatched', null],
    ['U7', 'unmatched', null],
  ]);
  expect(imported.map((row) => row.codes)).toEqual([
    ['acme'],
    ['acme'],
    ['acme'],
    ['acme'],
    ['nobody'],
    ['nobody'],
    [],
    ['\uFFFD%a'],
  ]);

  // 'nobody' becomes bravo's: its rows are attributed again, in place.
  expect((await addResultCode(app, admin, 'bravo5678', 'nobody')).statusCode).toBe(201);
  const reattributed = await decisions(database.db);
  expect(reattributed.slice(4, 6).map((row) => [row.attribution, row.send_id])).toEqual([
    ['code:nobody', winter],
    ['campaign:winter', winter],
  ]);

  // The same file imported afresh now that 'nobody' is bravo's: every row as the re-attribution left it.
  const importId = first.json().id as number;
  const deleted = await app.inject({
    method: 'DELETE',
    url: `/api/results/imports/${importId}`,
    headers: bearer(admin),
  });
  expect(deleted.statusCode).toBe(204);
  expect((await importResults(app, admin, csv)).statusCode).toBe(201);
  expect(await decisions(database.db)).toEqual(reattributed);
});
