import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { test } from '#server/testing/fixtures';
import { actBlueCsv, importResults, sendTo } from '#server/testing/results-fixtures';
import { seedVendors } from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';

const HOUR = 3_600_000;

test('an ActBlue file imports, attributed to the vendor by its refcode and to the latest send; again, it changes nothing', async ({
  app,
  admin,
  t,
}) => {
  await seedVendors(app, admin);
  // The clock starts at 2026-03-10T15:00Z (11:00 in New York).
  const first = await sendTo(app, admin, ['acme1234', 'bravo5678']);
  t.clock.advance(48 * HOUR);
  const second = await sendTo(app, admin, ['acme1234']);
  const rows = [
    {
      'Lineitem ID': '1',
      Date: '2026-03-13 09:00:00',
      Amount: '25.00',
      'Reference Code': ' ACME ',
      'Donor Email': 'a@x.org',
    },
    {
      'Lineitem ID': '2',
      Date: '2026-03-11 09:00:00',
      Amount: '10.50',
      'Reference Code': 'acme',
      'Donor Email': 'b@x.org',
    },
    {
      'Lineitem ID': '3',
      Date: '2026-03-13 09:00:00',
      Amount: '5',
      'Fundraising Page': 'https://secure.actblue.com/donate/p?refcode=bravo',
      'Donor Email': 'c@x.org',
      'Refund Date': '2026-03-14 10:00:00',
    },
    {
      'Lineitem ID': '4',
      Date: '2026-03-13 09:00:00',
      Amount: '7',
      'Reference Code': 'nobody',
      'Donor Email': 'd@x.org',
    },
    {
      'Lineitem ID': '5',
      Date: '2026-03-01 09:00:00',
      Amount: '7',
      'Reference Code': 'acme',
      'Donor Email': 'e@x.org',
    },
    {
      'Lineitem ID': '6',
      'Receipt ID': 'AB1000',
      Date: '2026-03-13 09:00:00',
      Amount: '9',
      'Reference Code': 'acme',
      'Recurrence Number': '2',
      'Donor Email': 'a@x.org',
    },
  ];
  const csv = actBlueCsv(rows);
  const response = await importResults(app, admin, csv);
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json()).toMatchObject({
    rows: 6,
    added: 6,
    updated: 0,
    unchanged: 0,
    matched: 3,
    unmatched: 1,
    outsideWindow: 1,
    refunded: 1,
  });

  const again = await importResults(app, admin, csv);
  expect(again.json()).toMatchObject({ rows: 6, added: 0, updated: 0, unchanged: 6 });

  const resultsOf = async (id: number) =>
    (await app.inject({ method: 'GET', url: `/api/email-logs/${id}/results`, headers: bearer(admin) })).json();
  expect((await resultsOf(second)).vendors).toEqual([
    {
      vendorId: 'acme1234',
      name: 'Acme Leads',
      contributions: 1,
      donors: 1,
      newDonors: 1,
      grossCents: 2500,
      refundedCents: 0,
      chargebackCents: 0,
      netCents: 2500,
    },
  ]);
  // The refunded gift counts in refundedCents, and its donor (all of whose gifts were refunded) is no donor.
  expect((await resultsOf(first)).totals).toEqual({
    contributions: 2,
    donors: 1,
    newDonors: 1,
    grossCents: 1550,
    refundedCents: 500,
    chargebackCents: 0,
    netCents: 1050,
  });

  // A later export in which a contribution was refunded adds the refund (a reversal: the gift itself is unchanged).
  const later = actBlueCsv(
    rows.map((row) => (row['Lineitem ID'] === '1' ? { ...row, 'Refund Date': '2026-03-20 08:00:00' } : row)),
  );
  expect((await importResults(app, admin, later)).json()).toMatchObject({
    rows: 6,
    added: 0,
    updated: 0,
    unchanged: 6,
    refunded: 2,
  });
  expect((await resultsOf(second)).totals).toMatchObject({
    contributions: 1,
    donors: 0,
    grossCents: 2500,
    refundedCents: 2500,
    netCents: 0,
  });

  const summary = await app.inject({
    method: 'GET',
    url: '/api/results/summary?client=goa-victory&from=2026-03-01&to=2026-03-31',
    headers: bearer(admin),
  });
  expect(summary.json()).toMatchObject({
    client: 'goa-victory',
    from: '2026-03-01',
    to: '2026-03-31',
    totals: { contributions: 3, grossCents: 4050, refundedCents: 3000, netCents: 1050, donors: 1 },
  });
  const imports = await app.inject({
    method: 'GET',
    url: '/api/results/imports?client=goa-victory',
    headers: bearer(admin),
  });
  expect(imports.json()).toHaveLength(3);
  expect(imports.json()[0]).toMatchObject({
    client: 'goa-victory',
    fileName: null,
    rows: 6,
    refunded: 2,
    createdBy: { name: 'Admin' },
  });
});

test('a WinRed-like file imports through a mapping, which is saved for the client and offered again', async ({
  app,
  admin,
}) => {
  await seedVendors(app, admin);
  await sendTo(app, admin, ['acme1234', 'carta9012']);
  const csv = [
    'Transaction Id,Created At,Amount,Email,Source Code,Landing URL,UTM Campaign,Refund Amount',
    'w-1,2026-03-11T14:00:00Z,$50.00,Ann@Example.org,ACME,,,',
    'w-2,2026-03-11 10:00:00,20,bo@example.org,,https://secure.winred.com/goa/donate?utm_source=carta&utm_campaign=spring,,',
    'w-3,2026-03-11 10:00:00,30,cy@example.org,zzz,,,10.00',
  ].join('\n');
  const mapping = {
    id: 'Transaction Id',
    date: 'Created At',
    amount: 'Amount',
    email: 'Email',
    codes: ['Source Code'],
    landingUrl: 'Landing URL',
    campaign: 'UTM Campaign',
    refundAmount: 'Refund Amount',
  };
  const refused = await importResults(app, admin, csv);
  expect(refused.statusCode).toBe(400);
  expect(refused.json().message).toBe("The file's columns are not ActBlue's: choose which column holds what");

  const preview = await app.inject({
    method: 'POST',
    url: `/api/results/imports/preview?client=goa-victory&mapping=${encodeURIComponent(JSON.stringify(mapping))}`,
    headers: { ...bearer(admin), 'content-type': 'text/csv' },
    payload: csv,
  });
  expect(preview.statusCode, preview.body).toBe(200);
  expect(preview.json()).toMatchObject({
    format: 'mapped',
    counts: { rows: 3, matched: 2, unmatched: 1, outsideWindow: 0 },
    rows: [
      {
        line: 2,
        id: 'w-1',
        amountCents: 5000,
        codes: ['acme'],
        vendorId: 'acme1234',
        vendorName: 'Acme Leads',
        status: 'matched',
      },
      { line: 3, id: 'w-2', codes: ['carta'], campaign: 'spring', vendorId: 'carta9012', status: 'matched' },
      { line: 4, id: 'w-3', vendorId: null, sendId: null, status: 'unmatched' },
    ],
  });
  const imported = await importResults(app, admin, csv, 'goa-victory', mapping);
  expect(imported.statusCode, imported.body).toBe(201);
  expect(imported.json()).toMatchObject({ rows: 3, added: 3, matched: 2, unmatched: 1, refunded: 1 });

  const settings = await app.inject({
    method: 'GET',
    url: '/api/results/settings?client=goa-victory',
    headers: bearer(admin),
  });
  expect(settings.json()).toEqual({ attributionWindowDays: 30, mapping, priorDonors: 0 });
  const unknown = await app.inject({
    method: 'POST',
    url: '/api/results/imports/preview?client=goa-victory',
    headers: { ...bearer(admin), 'content-type': 'text/csv' },
    payload: csv,
  });
  expect(unknown.json()).toMatchObject({
    format: 'unknown',
    mapping,
    rows: [],
    columns: csv.split('\n')[0]!.split(','),
  });
});

test('two overlapping imports at once give each contribution once', async ({ app, admin, database }) => {
  const row = (id: number) => ({
    'Lineitem ID': `L${id}`,
    Date: '2026-03-11 10:00:00',
    Amount: '1',
    'Donor Email': `d${id}@x.org`,
  });
  const a = actBlueCsv(Array.from({ length: 300 }, (_, i) => row(i)));
  const b = actBlueCsv(Array.from({ length: 300 }, (_, i) => row(i + 150)));
  const [first, second] = await Promise.all([importResults(app, admin, a), importResults(app, admin, b)]);
  expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
  expect(first.json().added + second.json().added).toBe(450);
  const counted = await database.db.execute(
    sql`SELECT count(*)::int AS n, count(DISTINCT source_id)::int AS d FROM contributions`,
  );
  expect(counted.rows[0]).toEqual({ n: 450, d: 450 });
});

test("a later file with a donor's earlier gift makes that gift the new donor's, not the one imported before", async ({
  app,
  admin,
}) => {
  await seedVendors(app, admin);
  const sendId = await sendTo(app, admin, ['acme1234']);
  const gift = (id: string, date: string) => ({
    'Lineitem ID': id,
    Date: date,
    Amount: '10',
    'Reference Code': 'acme',
    'Donor Email': 'same@x.org',
  });
  const newDonors = async () =>
    (await app.inject({ method: 'GET', url: `/api/email-logs/${sendId}/results`, headers: bearer(admin) })).json()
      .totals.newDonors as number;
  await importResults(app, admin, actBlueCsv([gift('late', '2026-03-12 10:00:00')]));
  expect(await newDonors()).toBe(1);
  // An earlier gift of the same donor, before the send: outside the window, but the donor's first to the client.
  await importResults(app, admin, actBlueCsv([gift('early', '2026-03-01 10:00:00')]));
  expect(await newDonors()).toBe(0);
});
