import { expect } from 'vitest';
import { test } from '#server/testing/fixtures';
import { actBlueCsv, importResults, sendTo } from '#server/testing/results-fixtures';
import { seedVendors } from '#server/testing/send-fixtures';

const HOUR = 3_600_000;

test('an ActBlue file imports, attributed to the vendor by its refcode and to the latest send', async ({
  app,
  admin,
  t,
}) => {
  await seedVendors(app, admin);
  // The clock starts at 2026-03-10T15:00Z (11:00 in New York).
  const first = await sendTo(app, admin, ['acme1234', 'bravo5678']);
  t.clock.advance(48 * HOUR);
  const second = await sendTo(app, admin, ['acme1234']);
  const csv = actBlueCsv([
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
      Date: '2026-03-13 09:00:00',
      Amount: '9',
      'Reference Code': 'acme',
      'Recurrence Number': '2',
      'Donor Email': 'a@x.org',
    },
  ]);
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

  const results = await app.inject({
    method: 'GET',
    url: `/api/email-logs/${second}/results`,
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(results.statusCode, results.body).toBe(200);
  expect(results.json().vendors).toEqual([
    {
      vendorId: 'acme1234',
      name: 'Acme Leads',
      contributions: 1,
      donors: 1,
      newDonors: 1,
      grossCents: 2500,
      refundedCents: 0,
      netCents: 2500,
    },
  ]);
  const firstResults = await app.inject({
    method: 'GET',
    url: `/api/email-logs/${first}/results`,
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(firstResults.json().totals).toEqual({
    contributions: 2,
    donors: 1,
    newDonors: 1,
    grossCents: 1550,
    refundedCents: 500,
    netCents: 1050,
  });
});
