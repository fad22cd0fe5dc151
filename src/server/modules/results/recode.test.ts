import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { test } from '#server/testing/fixtures';
import { actBlueCsv, importResults, refcodeRow, sendTo } from '#server/testing/results-fixtures';
import { seedVendors, VENDORS } from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';
import type { Db } from '#server/db/client';

async function stored(db: Db) {
  const result = await db.execute<{ source_id: string; vendor_id: string | null; attribution: string }>(sql`
    SELECT source_id, vendor_id, attribution FROM contributions ORDER BY source_id`);
  return Object.fromEntries(result.rows.map((row) => [row.source_id, `${row.vendor_id ?? '-'} ${row.attribution}`]));
}

async function keptContributions(db: Db, vendorId: string): Promise<number> {
  const result = await db.execute<{ n: string | null }>(
    sql`SELECT sum(contributions) AS n FROM send_vendor_figures WHERE vendor_id = ${vendorId}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

test('a vendor’s UTM source is its result code: changing it, its override or adding a vendor attributes the stored rows again', async ({
  app,
  admin,
  database,
}) => {
  await seedVendors(app, admin);
  await sendTo(app, admin, ['acme1234', 'bravo5678']);
  const rows = [
    refcodeRow('1', '2026-03-11 09:00:00', '25', 'acme-q3', 'a@x.org'),
    refcodeRow('2', '2026-03-11 10:00:00', '10', 'bravo-q3', 'b@x.org'),
    refcodeRow('3', '2026-03-11 11:00:00', '5', 'delta', 'c@x.org'),
    refcodeRow('4', '2026-03-11 12:00:00', '7', 'acme', 'd@x.org'),
  ];
  expect((await importResults(app, admin, actBlueCsv(rows))).statusCode).toBe(201);
  expect(await stored(database.db)).toEqual({
    '1': '- unmatched',
    '2': '- unmatched',
    '3': '- unmatched',
    '4': 'acme1234 code:acme',
  });

  // A member sets acme's UTM override: its code is 'acme-q3' now, no longer 'acme'.
  const override = await app.inject({
    method: 'POST',
    url: '/api/vendor-utm-sources',
    headers: bearer(admin),
    payload: { vendorId: 'acme1234', utmSource: ' ACME-Q3 ' },
  });
  expect(override.statusCode, override.body).toBeLessThan(300);
  expect(await stored(database.db)).toMatchObject({ '1': 'acme1234 code:acme-q3', '4': '- unmatched' });
  expect(await keptContributions(database.db, 'acme1234')).toBe(1);

  // An admin changes bravo's default UTM source (it has no override).
  const bravo = VENDORS.find((vendor) => vendor.vendorId === 'bravo5678')!;
  const { vendorId: _id, ...bravoFields } = bravo;
  const updated = await app.inject({
    method: 'PUT',
    url: '/api/vendors/bravo5678',
    headers: bearer(admin),
    payload: { ...bravoFields, defaultUtmSource: 'bravo-q3' },
  });
  expect(updated.statusCode, updated.body).toBe(200);
  expect(await stored(database.db)).toMatchObject({ '2': 'bravo5678 code:bravo-q3' });
  expect(await keptContributions(database.db, 'bravo5678')).toBe(1);

  // A new vendor whose UTM source is a stored code: its rows are its (outside the window: it has no send yet).
  const created = await app.inject({
    method: 'POST',
    url: '/api/vendors',
    headers: bearer(admin),
    payload: {
      vendorId: 'delta3456',
      name: 'Delta Lists',
      emails: ['ops@delta.test'],
      defaultUtmSource: 'Delta',
      emailProspectingKey: null,
      textProspectingKey: null,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  expect(await stored(database.db)).toEqual({
    '1': 'acme1234 code:acme-q3',
    '2': 'bravo5678 code:bravo-q3',
    '3': 'delta3456 outside-window',
    '4': '- unmatched',
  });
});
