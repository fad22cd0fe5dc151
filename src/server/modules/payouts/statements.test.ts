import Papa from 'papaparse';
import { describe, expect } from 'vitest';
import { it } from '#server/testing/fixtures';
import { createFormulaVendor, readStatement, sendUnder, statementAction } from '#server/testing/payouts-fixtures';
import { actBlueCsv, importResults, type ActBlueRow } from '#server/testing/results-fixtures';
import { seedVendors } from '#server/testing/send-fixtures';
import { addAndRegister, bearer } from '#server/testing/test-app';
import { STATEMENT_CSV_HEADER } from './statement-csv';

const DAY = 86_400_000;

const gift = (id: string, date: string, amount: string, email: string, refundDate?: string): ActBlueRow => ({
  'Lineitem ID': id,
  Date: date,
  Amount: amount,
  'Reference Code': 'acme',
  'Donor Email': email,
  ...(refundDate ? { 'Refund Date': refundDate } : {}),
});

const MARCH = [gift('L1', '2026-03-10 12:00:00', '100', 'a@x.org'), gift('L2', '2026-03-10 13:00:00', '50', 'b@x.org')];

describe('statements: open, finalized, paid, and what changes afterwards', () => {
  it(
    'a refund or new results after finalizing become adjustments on the next open statement; a finalized one never changes',
    { timeout: 120_000 },
    async ({ app, admin, member, t }) => {
      await seedVendors(app, admin);
      const send = await sendUnder(app, admin, 'Revshare', ['acme1234']);
      await importResults(app, admin, actBlueCsv(MARCH));
      expect((await readStatement(app, member, 'acme1234', '2026-03')).owedCents).toBe(9000);

      // March has not ended: finalizing asks for a confirmation.
      const early = await statementAction(app, admin, 'acme1234', '2026-03', 'finalize');
      expect([early.statusCode, early.json().message]).toEqual([
        409,
        '2026-03 has not ended yet: sends and results may still come. To finalize it anyway, send { "confirm": true }.',
      ]);
      expect(early.json().code).toBe('month-not-over');
      t.clock.advance(23 * DAY); // 2026-04-02
      const finalized = await statementAction(app, admin, 'acme1234', '2026-03', 'finalize');
      expect(finalized.statusCode, finalized.body).toBe(200);
      const march = finalized.json();
      expect(march).toMatchObject({
        status: 'finalized',
        owedCents: 9000,
        lines: [{ sendId: send, netCents: 15_000, owedCents: 9000, termsWording: '60/40: vendor 60 %, client 40 %' }],
        adjustments: [],
        finalized: { by: { email: 'admin@agency.test' } },
        paid: null,
      });
      const again = await statementAction(app, admin, 'acme1234', '2026-03', 'finalize');
      expect([again.statusCode, again.json().message]).toEqual([
        409,
        'This statement was already finalized by admin@agency.test on 2026-04-02.',
      ]);
      expect(again.json().code).toBe('already-finalized');

      // A later export: L2 refunded. March stays as finalized; April carries the difference, naming the send.
      const refunded = [MARCH[0]!, { ...MARCH[1]!, 'Refund Date': '2026-04-01 09:00:00' }];
      await importResults(app, admin, actBlueCsv(refunded));
      expect(await readStatement(app, member, 'acme1234', '2026-03')).toEqual(march);
      const april = await readStatement(app, member, 'acme1234', '2026-04');
      expect(april).toMatchObject({
        status: 'open',
        lines: [],
        adjustments: [
          { sendId: send, fromMonth: '2026-03', owedCents: -3000, reason: 'A refund after March 2026 was finalized' },
        ],
        owedCents: -3000,
      });
      // Only the next open statement carries it.
      expect((await readStatement(app, member, 'acme1234', '2026-05')).adjustments).toEqual([]);

      // Paid: only a finalized statement, once.
      const open = await statementAction(app, admin, 'acme1234', '2026-04', 'paid', PAYMENT);
      expect(open.json().message).toBe('The 2026-04 statement is still open: finalize it before marking it paid.');
      expect(open.json().code).toBe('statement-open');
      const paid = await statementAction(app, admin, 'acme1234', '2026-03', 'paid', PAYMENT);
      expect(paid.json()).toMatchObject({
        status: 'paid',
        owedCents: 9000,
        paid: { paidOn: '2026-04-02', reference: 'Check 1042', by: { email: 'admin@agency.test' } },
      });
      const twice = await statementAction(app, admin, 'acme1234', '2026-03', 'paid', { ...PAYMENT, reference: 'X' });
      expect([twice.statusCode, twice.json().message]).toEqual([
        409,
        'This statement was already marked paid on 2026-04-02 (reference Check 1042) by admin@agency.test.',
      ]);
      expect(twice.json().code).toBe('already-paid');
      const future = await statementAction(app, admin, 'acme1234', '2026-03', 'paid', {
        ...PAYMENT,
        paidOn: '2026-04-03',
      });
      expect([future.statusCode, future.json().message]).toEqual([400, 'paidOn cannot be in the future.']);
      expect(future.json().code).toBe('paid-on-in-the-future');

      // April finalized early (confirmed) freezes the adjustment; a gift attributed later goes to May.
      const aprilFinal = await statementAction(app, admin, 'acme1234', '2026-04', 'finalize', { confirm: true });
      expect(aprilFinal.json()).toMatchObject({ status: 'finalized', owedCents: -3000 });
      await importResults(app, admin, actBlueCsv([...refunded, gift('L3', '2026-03-12 09:00:00', '20', 'c@x.org')]));
      expect(await readStatement(app, member, 'acme1234', '2026-04')).toEqual(aprilFinal.json());
      expect((await readStatement(app, member, 'acme1234', '2026-03')).owedCents).toBe(9000);
      expect((await readStatement(app, member, 'acme1234', '2026-05')).adjustments).toEqual([
        {
          sendId: send,
          fromMonth: '2026-03',
          owedCents: 1200,
          reason: 'New results after April 2026 was finalized',
        },
      ]);
      // What was settled plus what is pending is what the send is owed now: 60 % of $120.
      const settled = (await readStatement(app, member, 'acme1234', '2026-03')).owedCents + aprilFinal.json().owedCents;
      const [pending] = (await readStatement(app, member, 'acme1234', '2026-05')).adjustments;
      expect(settled + pending!.owedCents).toBe(7200);
    },
  );

  it('two admins finalizing at once give one finalized statement; the other is told', async ({ app, admin, t }) => {
    await seedVendors(app, admin);
    const second = await addAndRegister(app, admin, 'second-admin@agency.test');
    const users = await app.inject({ method: 'GET', url: '/api/users', headers: bearer(admin) });
    const secondId = (users.json() as { id: number; email: string }[]).find(
      (user) => user.email === 'second-admin@agency.test',
    )!.id;
    const promoted = await app.inject({
      method: 'PATCH',
      url: `/api/users/${secondId}/permissions`,
      headers: bearer(admin),
      payload: { isAdmin: true },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    await sendUnder(app, admin, 'Revshare', ['acme1234']);
    await importResults(app, admin, actBlueCsv(MARCH));
    t.clock.advance(23 * DAY);
    const answers = await Promise.all([
      statementAction(app, admin, 'acme1234', '2026-03', 'finalize'),
      statementAction(app, second, 'acme1234', '2026-03', 'finalize'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!.json().message as string;
    expect(refused).toMatch(
      /^This statement was already finalized by (admin|second-admin)@agency\.test on 2026-04-02\.$/,
    );
    expect((await readStatement(app, admin, 'acme1234', '2026-03')).lines).toHaveLength(1);
  });

  it('as CSV: a row per line and adjustment and the total, safe to open in a spreadsheet', async ({
    app,
    admin,
    member,
    t,
  }) => {
    await seedVendors(app, admin);
    await createFormulaVendor(app, admin);
    const send = await sendUnder(app, admin, 'Revshare', ['acme1234']);
    await importResults(app, admin, actBlueCsv(MARCH));
    t.clock.advance(23 * DAY);
    await statementAction(app, admin, 'acme1234', '2026-03', 'finalize');
    await importResults(app, admin, actBlueCsv([MARCH[0]!, { ...MARCH[1]!, 'Refund Date': '2026-04-01 09:00:00' }]));

    const csvOf = (vendorId: string, month: string) =>
      app.inject({ method: 'GET', url: `/api/statements/${vendorId}/${month}.csv`, headers: bearer(member) });
    const march = await csvOf('acme1234', '2026-03');
    expect(march.statusCode).toBe(200);
    expect(march.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(march.headers['content-disposition']).toContain('statement-acme1234-2026-03.csv');
    const rows = Papa.parse<string[]>(march.body, { delimiter: ',', skipEmptyLines: true }).data;
    expect(STATEMENT_CSV_HEADER).toEqual(
      expect.arrayContaining([
        'Send',
        'Client',
        'Pricing model',
        'Terms',
        'Donors',
        'New donors',
        'Net ($)',
        'Owed ($)',
      ]),
    );
    expect(rows).toEqual([
      STATEMENT_CSV_HEADER,
      [
        'Line',
        String(send),
        '2026-03-10',
        'GOA Victory',
        'Revshare',
        '60/40: vendor 60 %, client 40 %',
        '2',
        '2',
        '2',
        '150.00',
        '0.00',
        '150.00',
        '',
        '',
        '90.00',
        '',
        '',
      ],
      ['Total', '', '', '', '', 'Acme Leads, 2026-03, finalized', '', '', '', '', '', '', '', '', '90.00', '', ''],
    ]);
    const april = Papa.parse<string[]>((await csvOf('acme1234', '2026-04')).body, {
      delimiter: ',',
      skipEmptyLines: true,
    }).data;
    expect(april.slice(1)).toEqual([
      [
        'Adjustment',
        String(send),
        ...Array<string>(12).fill(''),
        '-30.00',
        '',
        'A refund after March 2026 was finalized (2026-03 statement)',
      ],
      ['Total', '', '', '', '', 'Acme Leads, 2026-04, open', '', '', '', '', '', '', '', '', '-30.00', '', ''],
    ]);
    // A name that would run as a formula is text.
    const evil = await csvOf('evil0001', '2026-03');
    expect(evil.body).toContain(`"'=HYPERLINK(""http://evil.example""), 2026-03, open"`);

    const unknown = await csvOf('nobody', '2026-03');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'There is no vendor nobody.']);
    const badMonth = await csvOf('acme1234', '2026-13');
    expect(badMonth.statusCode).toBe(400);
  });
});

const PAYMENT = { paidOn: '2026-04-02', reference: 'Check 1042' };
