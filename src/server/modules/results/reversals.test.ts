import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { it } from '#server/testing/fixtures';
import { readStatement, saveCosts, sendUnder, statementAction } from '#server/testing/payouts-fixtures';
import { actBlueCsv, importResults } from '#server/testing/results-fixtures';
import { seedVendors } from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';
import type { App } from '#server/app';

const DAY = 86_400_000;
const SLOW = { timeout: 240_000 };

/** WinRed's payout export as the issue met it: duplicate 'agency' columns at the far right. */
const WINRED_HEADER = 'id,Date,Gross Amount,Email,Source Code,agency,agency';
const WINRED_MAPPING = {
  id: 'id',
  date: 'Date',
  amount: 'Gross Amount',
  email: 'Email',
  codes: ['Source Code'],
};
const winRed = (...rows: string[]) => [WINRED_HEADER, ...rows].join('\n');

async function summaryOf(app: App, token: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/results/summary?client=goa-victory&from=2026-03-01&to=2026-04-30',
    headers: bearer(token),
  });
  return response.json().totals;
}

async function reversalsOf(app: App, token: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/results/reversals?client=goa-victory',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

it(
  'a WinRed file: its refund row is a reversal, its $0 row is skipped, a later partial refund adds, a later file without the refund undoes nothing, and a reversal after the month is finalized is an adjustment (CPD)',
  SLOW,
  async ({ app, admin, member, t }) => {
    await seedVendors(app, admin);
    await saveCosts(app, admin, 'acme1234', { costPerDonor: 10, cpdBudget: 1000 });
    const send = await sendUnder(app, admin, 'CPD', ['acme1234']);
    const first = winRed(
      'wr-1,2026-03-10 12:00:00,50.00,a@x.org,acme,Agency One,Agency Two',
      'wr-2,2026-03-10 12:05:00,$25.00,b@x.org,acme,,',
      'wr-3,2026-03-10 12:10:00,"1,250.00",c@x.org,acme,,',
      'wr-1,2026-03-10 15:00:00,-50.00,a@x.org,acme,,',
      'wr-4,2026-03-10 15:00:00,0.00,,acme,,',
    );
    const imported = await importResults(app, admin, first, 'goa-victory', WINRED_MAPPING);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({
      rows: 3,
      added: 3,
      reversals: 1,
      refunded: 1,
      skipped: 1,
      skippedReason: '$0 rows (fees, not gifts): line 6',
    });
    expect(await summaryOf(app, member)).toEqual({
      contributions: 3,
      donors: 2,
      newDonors: 2,
      grossCents: 132_500,
      refundedCents: 5_000,
      chargebackCents: 0,
      netCents: 127_500,
    });
    // Two donors under CPD ($10 each): wr-1's donor is fully refunded, wr-4's $0 row is no donor.
    expect((await readStatement(app, member, 'acme1234', '2026-03')).owedCents).toBe(2_000);
    const listed = await app.inject({
      method: 'GET',
      url: '/api/results/imports?client=goa-victory',
      headers: bearer(member),
    });
    expect(listed.json()[0]).toMatchObject({ skipped: 1, skippedReason: '$0 rows (fees, not gifts): line 6' });

    // The same file again changes nothing.
    expect((await importResults(app, admin, first, 'goa-victory', WINRED_MAPPING)).json()).toMatchObject({
      rows: 3,
      added: 0,
      updated: 0,
      unchanged: 3,
    });
    // A partial refund of wr-3 in a later file: a reversal, not a -$250 gift.
    const partial = await importResults(
      app,
      admin,
      winRed('wr-3,2026-03-12 09:00:00,-250.00,c@x.org,acme,,'),
      'goa-victory',
      WINRED_MAPPING,
    );
    expect(partial.json()).toMatchObject({ rows: 0, reversals: 1 });
    // An export holding wr-1's gift without its refund row: the refund stays.
    await importResults(
      app,
      admin,
      winRed('wr-1,2026-03-10 12:00:00,50.00,a@x.org,acme,,'),
      'goa-victory',
      WINRED_MAPPING,
    );
    const twice = { contributions: 3, donors: 2, grossCents: 132_500, refundedCents: 30_000, netCents: 102_500 };
    expect(await summaryOf(app, member)).toMatchObject(twice);
    await importResults(app, admin, first, 'goa-victory', WINRED_MAPPING);
    expect(await summaryOf(app, member)).toMatchObject(twice);

    // March finalized; wr-2 refunded in April: its donor goes, and April carries the difference.
    t.clock.advance(23 * DAY);
    expect((await statementAction(app, admin, 'acme1234', '2026-03', 'finalize')).statusCode).toBe(200);
    await importResults(
      app,
      admin,
      winRed('wr-2,2026-04-01 09:00:00,-$25.00,b@x.org,acme,,'),
      'goa-victory',
      WINRED_MAPPING,
    );
    expect((await readStatement(app, member, 'acme1234', '2026-03')).owedCents).toBe(2_000);
    expect((await readStatement(app, member, 'acme1234', '2026-04')).adjustments).toEqual([
      expect.objectContaining({ sendId: send, fromMonth: '2026-03', owedCents: -1_000 }),
    ]);
  },
);

it(
  'an Anedot file: a status column makes reversals (refund, partial, chargeback, void), a reversal before its gift waits, a cap is flagged, chargebacks are shown apart, no name is kept',
  SLOW,
  async ({ app, admin, member, database }) => {
    await seedVendors(app, admin);
    await sendUnder(app, admin, 'Revshare', ['acme1234']);
    const header = 'Donation ID,Date,Amount,Email,Source Code,Status,First Name,Last Name,Address';
    const mapping = {
      id: 'Donation ID',
      date: 'Date',
      amount: 'Amount',
      email: 'Email',
      codes: ['Source Code'],
      type: 'Status',
    };
    const name = 'Harriet,Quimby,1 Main St';
    const file = [
      header,
      `an-9,2026-03-11 09:00:00,10.00,e@x.org,acme,refunded,${name}`,
      `an-1,2026-03-10 12:00:00,100.00,a@x.org,acme,completed,${name}`,
      `an-1,2026-03-11 12:00:00,(100.00),a@x.org,acme,chargeback,${name}`,
      `an-2,2026-03-10 12:00:00,40.00,b@x.org,acme,completed,${name}`,
      `an-2,2026-03-11 12:00:00,30.00,b@x.org,acme,partially refunded,${name}`,
      `an-2,2026-03-12 12:00:00,30.00,b@x.org,acme,refunded,${name}`,
      `an-3,2026-03-10 12:00:00,20.00,c@x.org,acme,completed,${name}`,
      `an-3,2026-03-10 12:30:00,−20.00,c@x.org,acme,voided,${name}`,
      `an-4,2026-03-10 12:00:00,"$1,000.00",d@x.org,acme,completed,${name}`,
    ].join('\r\n');
    const imported = await importResults(app, admin, file, 'goa-victory', mapping);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({ rows: 4, reversals: 5, skipped: 0 });
    expect(await reversalsOf(app, member)).toEqual({
      waiting: [{ sourceId: 'an-9', kind: 'refund', amountCents: 1_000, reversedAt: expect.any(String) }],
      capped: [{ sourceId: 'an-2', amountCents: 4_000, reversedCents: 6_000 }],
    });
    expect(await summaryOf(app, member)).toEqual({
      contributions: 4,
      donors: 1,
      newDonors: 1,
      grossCents: 116_000,
      refundedCents: 16_000,
      chargebackCents: 10_000,
      netCents: 100_000,
    });
    // The gift arrives: its waiting refund applies, and it is no donor.
    await importResults(
      app,
      admin,
      [header, `an-9,2026-03-10 18:00:00,10.00,e@x.org,acme,completed,${name}`].join('\n'),
      'goa-victory',
      mapping,
    );
    expect((await reversalsOf(app, member)).waiting).toEqual([]);
    expect(await summaryOf(app, member)).toMatchObject({
      contributions: 5,
      donors: 1,
      grossCents: 117_000,
      refundedCents: 17_000,
    });
    // Only the keyed hash of an e-mail: no name, address or e-mail in any row of these tables.
    const stored = await database.db.execute<{ text: string }>(sql`
      SELECT row_to_json(c)::text AS text FROM contributions c
      UNION ALL SELECT row_to_json(r)::text FROM contribution_reversals r
      UNION ALL SELECT row_to_json(i)::text FROM result_imports i`);
    expect(stored.rows.length).toBeGreaterThan(0);
    for (const row of stored.rows) expect(row.text).not.toMatch(/Quimby|Harriet|Main St|@x\.org/);
  },
);

it(
  'an older ActBlue export (no Refund ID) after a refund undoes nothing; its refund is one reversal however often imported',
  SLOW,
  async ({ app, admin, member }) => {
    await seedVendors(app, admin);
    await sendUnder(app, admin, 'Revshare', ['acme1234']);
    const gift = {
      'Lineitem ID': 'L1',
      Date: '2026-03-10 12:00:00',
      Amount: '25.00',
      'Reference Code': 'acme',
      'Donor Email': 'a@x.org',
    };
    const refunded = { ...gift, 'Refund ID': 'R1', 'Refund Date': '2026-03-12 08:00:00' };
    expect((await importResults(app, admin, actBlueCsv([refunded]))).json()).toMatchObject({ refunded: 1 });
    expect((await importResults(app, admin, actBlueCsv([refunded]))).json()).toMatchObject({ unchanged: 1 });
    const older = await importResults(app, admin, actBlueCsv([gift]));
    expect(older.json()).toMatchObject({ rows: 1, updated: 0, unchanged: 1, refunded: 0 });
    expect(await summaryOf(app, member)).toMatchObject({
      contributions: 1,
      donors: 0,
      grossCents: 2_500,
      refundedCents: 2_500,
      netCents: 0,
    });
  },
);

it(
  'a row is what the header says: every line end reads, and each bad row is refused with its line and nothing stored',
  SLOW,
  async ({ app, admin, member, database }) => {
    await seedVendors(app, admin);
    await sendUnder(app, admin, 'Revshare', ['acme1234']);
    const header = 'id,Date,Gross Amount,Email,Source Code,agency,agency';
    const rows = [
      'w-1,2026-03-10 12:00:00,$50.00,a@x.org,,Agency One,ACME',
      'w-2,2026-03-10 12:05:00,"1,250.00",b@x.org,,Agency One,acme',
      'w-2,2026-03-10 12:10:00,(5.00),b@x.org,,,',
    ];
    // The second 'agency' column holds the code: picked as 'agency#2'.
    const mapping = { ...WINRED_MAPPING, codes: ['agency#2'] };
    for (const [what, end] of [
      ['LF', '\n'],
      ['CRLF', '\r\n'],
      ['CR', '\r'],
    ] as const) {
      const response = await importResults(app, admin, [header, ...rows].join(end) + end, 'goa-victory', mapping);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(201);
      expect(response.json(), what).toMatchObject({ rows: 2, reversals: 1 });
    }
    expect(await summaryOf(app, member)).toMatchObject({ contributions: 2, grossCents: 130_000, refundedCents: 500 });
    const importsBefore = (await database.db.execute(sql`SELECT count(*)::int AS n FROM result_imports`)).rows[0];

    const refusals: [string, string, string | RegExp, Record<string, unknown>?][] = [
      [
        'a lone CR',
        [header, rows[0], 'w-9,2026-03-10 12:00:00,5,c@x.org,\rx,,', rows[1]].join('\n'),
        /^Line 3: a carriage return \(CR\) inside a field that is not quoted/,
        { line: 3 },
      ],
      [
        'a row with more fields',
        [header, rows[0], `${rows[1]},extra`].join('\n'),
        'Line 3: the row has 8 fields, the header has 7: every row must have as many fields as the header.',
      ],
      [
        'a row with fewer fields',
        [header, 'w-1,2026-03-10 12:00:00,5'].join('\n'),
        'Line 2: the row has 3 fields, the header has 7: every row must have as many fields as the header.',
      ],
      ['a header alone', `${header}\n`, 'The file has no rows'],
      ['a header alone, CR', `${header}\r`, 'The file has no rows'],
      [
        'year 9999',
        [header, 'w-1,9999-12-31 23:00:00,5,a@x.org,,,'].join('\n'),
        "Line 2, column 'Date': this date is not between the years 1900 and 2199 ('9999-12-31 23:00:00')",
      ],
      [
        'year 1',
        [header, 'w-1,0001-01-01T00:00:00Z,5,a@x.org,,,'].join('\n'),
        "Line 2, column 'Date': this date is not between the years 1900 and 2199 ('0001-01-01T00:00:00Z')",
      ],
      [
        'an amount too large',
        [header, 'w-1,2026-03-10 12:00:00,"$10,000,000.01",a@x.org,,,'].join('\n'),
        "Line 2, column 'Gross Amount': an amount above $10,000,000.00 ('$10,000,000.01')",
      ],
      [
        'two gifts of one id',
        [header, rows[0], rows[1], rows[0]].join('\n'),
        /^Lines 2 and 4 have the same id \('w-1'\)/,
        { lines: [2, 4] },
      ],
    ];
    for (const [what, csv, message, extra] of refusals) {
      const response = await importResults(app, admin, csv, 'goa-victory', mapping);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
      expect(response.json().message, what).toMatch(message);
      if (extra) expect(response.json(), what).toMatchObject(extra);
    }
    const wide = await importResults(
      app,
      admin,
      [header, rows[0] + ','.repeat(50_000)].join('\n'),
      'goa-victory',
      mapping,
    );
    expect([wide.statusCode, wide.json().message]).toEqual([
      400,
      'Line 2: the row has 50007 fields, the header has 7: every row must have as many fields as the header.',
    ]);
    expect((await database.db.execute(sql`SELECT count(*)::int AS n FROM result_imports`)).rows[0]).toEqual(
      importsBefore,
    );
  },
);
