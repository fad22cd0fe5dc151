import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { it } from '#server/testing/fixtures';
import { readStatement, saveCosts, sendUnder, statementAction } from '#server/testing/payouts-fixtures';
import { actBlueCsv, importResults } from '#server/testing/results-fixtures';
import { seedVendors } from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';

import { DAY, reversalsOf, SLOW, summaryOf, winRed, WINRED_MAPPING } from '#server/testing/reversal-fixtures';

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
