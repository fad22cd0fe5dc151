import Papa from 'papaparse';
import { describe, expect } from 'vitest';
import { it } from '#server/testing/fixtures';
import { gift, readStatement, sendUnder, statementAction } from '#server/testing/payouts-fixtures';
import { actBlueCsv, importResults } from '#server/testing/results-fixtures';
import { seedVendors } from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';

// Issue 34: the probe's findings, each as the API answers it. The test clock starts on 2026-03-10, 11:00 in New York.

const DAY = 86_400_000;
const PAYMENT = { paidOn: '2026-04-02', reference: 'Check 1042' };

describe('every cent owed is on exactly one statement', () => {
  it(
    'a send made after its month was finalized, and gifts moved to it, are adjustments on the next open statement; a month not begun cannot be finalized',
    { timeout: 120_000 },
    async ({ app, admin, member, t }) => {
      await seedVendors(app, admin);
      const first = await sendUnder(app, admin, 'Revshare', ['acme1234']);
      // L3 is dated after the second send (not made yet): for now it is the first send's.
      const file = [
        gift('L1', '2026-03-10 12:00:00', '100', 'acme', 'a@x.org'),
        gift('L3', '2026-03-12 14:00:00', '50', 'acme', 'c@x.org'),
      ];
      await importResults(app, admin, actBlueCsv(file));
      const march = await statementAction(app, admin, 'acme1234', '2026-03', 'finalize', { confirm: true });
      expect(march.json()).toMatchObject({ status: 'finalized', owedCents: 9000 });

      // April has not begun in New York: not even with confirm.
      const early = await statementAction(app, admin, 'acme1234', '2026-04', 'finalize', { confirm: true });
      expect([early.statusCode, early.json().code]).toEqual([409, 'month-not-begun']);
      expect(early.json().message).toBe(
        '2026-04 has not begun yet in New York: a month can be finalized once it has begun, and is best finalized once it has ended.',
      );

      // Two days later, a send to the same vendor in March (finalized), and its results: L2 new, L3 moved to it.
      t.clock.advance(2 * DAY);
      const late = await sendUnder(app, admin, 'Revshare', ['acme1234']);
      await importResults(
        app,
        admin,
        actBlueCsv([...file, gift('L2', '2026-03-12 13:00:00', '110', 'acme', 'b@x.org')]),
      );

      expect(await readStatement(app, member, 'acme1234', '2026-03')).toEqual(march.json());
      const april = await readStatement(app, member, 'acme1234', '2026-04');
      expect(april.adjustments).toEqual([
        // 60 % of the $50 that left the first send, and of the $160 the late send has: a pair naming both.
        { sendId: first, fromMonth: '2026-03', owedCents: -3000, reason: `Moved from send ${first} to send ${late}` },
        {
          sendId: late,
          fromMonth: '2026-03',
          owedCents: 9600,
          reason: `Moved from send ${first} to send ${late}, and new results`,
        },
      ]);
      // What is owed from scratch: 60 % of $100 and 60 % of $160, on March and April together.
      expect(9000 + april.owedCents).toBe(6000 + 9600);
      // Only April holds them.
      expect((await readStatement(app, member, 'acme1234', '2026-05')).adjustments).toEqual([]);
    },
  );

  it(
    'a late send alone is new results on the next open statement',
    { timeout: 120_000 },
    async ({ app, admin, member, t }) => {
      await seedVendors(app, admin);
      await sendUnder(app, admin, 'Revshare', ['acme1234']);
      await statementAction(app, admin, 'acme1234', '2026-03', 'finalize', { confirm: true });
      t.clock.advance(DAY);
      const late = await sendUnder(app, admin, 'Revshare', ['acme1234']);
      await importResults(app, admin, actBlueCsv([gift('L9', '2026-03-11 13:00:00', '110', 'acme', 'z@x.org')]));
      expect((await readStatement(app, member, 'acme1234', '2026-04')).adjustments).toEqual([
        {
          sendId: late,
          fromMonth: '2026-03',
          owedCents: 6600,
          reason: 'New results: a send of March 2026 that was not on its finalized statement',
        },
      ]);
    },
  );
});

describe('a negative balance is carried, never paid and never lost', () => {
  it(
    'cannot be marked paid; opens the next statement as a line; the CSV says so',
    { timeout: 120_000 },
    async ({ app, admin, member, t }) => {
      await seedVendors(app, admin);
      await sendUnder(app, admin, 'Revshare', ['acme1234']);
      const paidGift = gift('L1', '2026-03-10 12:00:00', '100', 'acme', 'a@x.org');
      await importResults(app, admin, actBlueCsv([paidGift]));
      t.clock.advance(23 * DAY); // 2026-04-02
      await statementAction(app, admin, 'acme1234', '2026-03', 'finalize');
      await importResults(app, admin, actBlueCsv([{ ...paidGift, 'Refund Date': '2026-04-01 09:00:00' }]));
      const april = await statementAction(app, admin, 'acme1234', '2026-04', 'finalize', { confirm: true });
      expect(april.json()).toMatchObject({
        owedCents: -6000,
        carriedTo: '2026-05',
        adjustments: [{ owedCents: -6000, reason: 'A refund after March 2026 was finalized' }],
      });

      const refused = await statementAction(app, admin, 'acme1234', '2026-04', 'paid', PAYMENT);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'negative-balance',
        message:
          "The 2026-04 statement totals -$60.00: a balance below zero is not paid, it is carried forward to the vendor's next statement.",
      });

      const may = await readStatement(app, member, 'acme1234', '2026-05');
      expect(may).toMatchObject({
        status: 'open',
        carried: [{ fromMonth: '2026-04', owedCents: -6000, wording: 'Balance carried forward from April 2026' }],
        owedCents: -6000,
      });
      const csv = async (month: string) =>
        Papa.parse<string[]>(
          (await app.inject({ method: 'GET', url: `/api/statements/acme1234/${month}.csv`, headers: bearer(member) }))
            .body,
          { skipEmptyLines: true },
        ).data;
      expect((await csv('2026-04')).at(-1)).toContain('Below zero: not paid; carried forward to the 2026-05 statement');
      expect((await csv('2026-05')).find((row) => row[0] === 'Carried')).toEqual(
        expect.arrayContaining(['-60.00', 'Balance carried forward from April 2026']),
      );

      // May: a new send's $200 at 60 %, less the $60 carried. Finalized, it is paid; the balance is carried once only.
      t.clock.advance(29 * DAY); // 2026-05-01 (a session lasts 30 days from its last use)
      await sendUnder(app, admin, 'Revshare', ['acme1234']);
      await importResults(app, admin, actBlueCsv([gift('M1', '2026-05-01 13:00:00', '200', 'acme', 'm@x.org')]));
      t.clock.advance(16 * DAY);
      expect((await readStatement(app, admin, 'acme1234', '2026-05')).owedCents).toBe(6000);
      t.clock.advance(16 * DAY); // 2026-06-02
      const mayFinal = await statementAction(app, admin, 'acme1234', '2026-05', 'finalize');
      expect(mayFinal.json()).toMatchObject({ owedCents: 6000, carried: [{ fromMonth: '2026-04' }] });
      const paid = await statementAction(app, admin, 'acme1234', '2026-05', 'paid', {
        ...PAYMENT,
        paidOn: '2026-06-01',
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect((await readStatement(app, admin, 'acme1234', '2026-06')).carried).toEqual([]);
      expect((await readStatement(app, admin, 'acme1234', '2026-04')).carriedTo).toBe('2026-05');
    },
  );
});

describe('dates are real dates', () => {
  it(
    'paidOn is a calendar date, not before the month began; every from, to and month is checked',
    { timeout: 120_000 },
    async ({ app, admin, member, t }) => {
      await seedVendors(app, admin);
      t.clock.advance(23 * DAY); // 2026-04-02
      await statementAction(app, admin, 'acme1234', '2026-03', 'finalize');
      const pay = (paidOn: string) =>
        statementAction(app, admin, 'acme1234', '2026-03', 'paid', { ...PAYMENT, paidOn });
      const impossible = await pay('2026-02-30');
      expect([impossible.statusCode, impossible.json()]).toEqual([
        400,
        { message: 'paidOn must be a calendar date YYYY-MM-DD', field: 'paidOn', code: 'invalid-request' },
      ]);
      const before = await pay('2026-02-28');
      expect([before.statusCode, before.json()]).toEqual([
        400,
        {
          message: "paidOn cannot be before the statement's month began (2026-03-01).",
          field: 'paidOn',
          code: 'paid-on-before-month',
        },
      ]);
      const get = (url: string) => app.inject({ method: 'GET', url, headers: bearer(member) });
      for (const [url, field] of [
        ['/api/vendor-performance?client=goa-victory&from=2026-02-30', 'from'],
        ['/api/vendor-performance?client=goa-victory&to=2026-13-01', 'to'],
        ['/api/statements?month=2026-13', 'month'],
        ['/api/statements?vendorId=acme1234&month=2026-3', 'month'],
        ['/api/statement-months/2026-00.csv', 'month'],
      ] as const) {
        const answer = await get(url);
        expect([url, answer.statusCode, answer.json().field]).toEqual([url, 400, field]);
      }
      expect((await pay('2026-03-01')).statusCode).toBe(200);
    },
  );
});
