import Papa from 'papaparse';
import { describe, expect } from 'vitest';
import { it } from '#server/testing/fixtures';
import { createFormulaVendor, gift, sendUnder, statementAction } from '#server/testing/payouts-fixtures';
import { actBlueCsv, importResults } from '#server/testing/results-fixtures';
import { seedVendors } from '#server/testing/send-fixtures';
import { getMonthOverviewCsv } from '#shared/api/statements';
import { bearer } from '#server/testing/test-app';
import { OVERVIEW_CSV_HEADER } from './statement-csv';

const DAY = 86_400_000;

describe('the month at a glance: GET /api/statements?month without a vendor', () => {
  it(
    'lists every vendor with anything owed, adjusted or carried, its status, owed, carried, paid on and reference, with totals; as CSV',
    { timeout: 120_000 },
    async ({ app, admin, member, t }) => {
      await seedVendors(app, admin);
      await createFormulaVendor(app, admin);
      const split = await app.inject({
        method: 'POST',
        url: '/api/vendor-splits',
        headers: bearer(admin),
        payload: { vendorId: 'evil0001', splitRatio: '50/50' },
      });
      expect(split.statusCode, split.body).toBeLessThan(300);
      await sendUnder(app, admin, 'Revshare', ['acme1234', 'bravo5678', 'evil0001']);
      const march = [
        gift('A1', '2026-03-10 12:00:00', '100', 'acme', 'a@x.org'),
        gift('B1', '2026-03-10 12:00:00', '50', 'bravo', 'b@x.org'),
        gift('E1', '2026-03-10 12:00:00', '10', 'evil', 'e@x.org'),
      ];
      await importResults(app, admin, actBlueCsv(march));
      t.clock.advance(23 * DAY); // 2026-04-02
      // Acme finalized and paid; Bravo finalized, then its gift refunded (April opens below zero); Evil stays open.
      await statementAction(app, admin, 'acme1234', '2026-03', 'finalize');
      await statementAction(app, admin, 'acme1234', '2026-03', 'paid', { paidOn: '2026-04-01', reference: '=1+1' });
      await statementAction(app, admin, 'bravo5678', '2026-03', 'finalize');
      await importResults(
        app,
        admin,
        actBlueCsv([march[0]!, { ...march[1]!, 'Refund Date': '2026-04-01 09:00:00' }, march[2]!]),
      );

      const overview = async (month: string) => {
        const answer = await app.inject({
          method: 'GET',
          url: `/api/statements?month=${month}`,
          headers: bearer(member),
        });
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json();
      };
      const row = { lines: 1, adjustments: 0, carriedCents: 0, unknownLines: 0, carriedTo: null };
      expect(await overview('2026-03')).toEqual({
        month: '2026-03',
        vendors: [
          {
            ...row,
            vendorId: 'evil0001',
            vendorName: '=HYPERLINK("http://evil.example")',
            status: 'open',
            owedCents: 500,
            totalCents: 500,
            paidOn: null,
            reference: null,
          },
          {
            ...row,
            vendorId: 'acme1234',
            vendorName: 'Acme Leads',
            status: 'paid',
            owedCents: 6000,
            totalCents: 6000,
            paidOn: '2026-04-01',
            reference: '=1+1',
          },
          {
            ...row,
            vendorId: 'bravo5678',
            vendorName: 'Bravo Data',
            status: 'finalized',
            owedCents: 3500,
            totalCents: 3500,
            paidOn: null,
            reference: null,
          },
        ],
        totals: { owedCents: 10_000, carriedCents: 0, totalCents: 10_000, unknownLines: 0 },
      });

      // April: Bravo's refund is an adjustment; finalized below zero, it is carried into May.
      const april = await overview('2026-04');
      expect(april.vendors).toEqual([
        expect.objectContaining({ vendorId: 'bravo5678', status: 'open', lines: 0, adjustments: 1, owedCents: -3500 }),
      ]);
      await statementAction(app, admin, 'bravo5678', '2026-04', 'finalize', { confirm: true });
      expect((await overview('2026-04')).vendors).toEqual([
        expect.objectContaining({
          vendorId: 'bravo5678',
          status: 'finalized',
          totalCents: -3500,
          carriedTo: '2026-05',
        }),
      ]);
      expect(await overview('2026-05')).toMatchObject({
        vendors: [
          { vendorId: 'bravo5678', status: 'open', lines: 0, owedCents: 0, carriedCents: -3500, totalCents: -3500 },
        ],
        totals: { owedCents: 0, carriedCents: -3500, totalCents: -3500 },
      });

      const csv = await app.inject({
        method: 'GET',
        url: '/api/statement-months/2026-03.csv',
        headers: bearer(member),
      });
      expect(csv.headers['content-disposition']).toContain('statements-2026-03.csv');
      const rows = Papa.parse<string[]>(csv.body, { skipEmptyLines: true }).data;
      expect(rows[0]).toEqual(OVERVIEW_CSV_HEADER);
      expect(rows.slice(1)).toEqual([
        ['\'=HYPERLINK("http://evil.example")', 'evil0001', 'open', '1', '0', '5.00', '0.00', '5.00', '0', '', '', ''],
        ['Acme Leads', 'acme1234', 'paid', '1', '0', '60.00', '0.00', '60.00', '0', '', '2026-04-01', "'=1+1"],
        ['Bravo Data', 'bravo5678', 'finalized', '1', '0', '35.00', '0.00', '35.00', '0', '', '', ''],
        ['Total', '', '2026-03', '', '', '100.00', '0.00', '100.00', '0', '', '', ''],
      ]);
      // Anyone signed in; nobody else.
      expect((await app.inject({ method: 'GET', url: '/api/statements?month=2026-03' })).statusCode).toBe(401);
    },
  );
});

describe('GET /api/statement-months/:month.csv with a month that is no path segment', () => {
  // Found by api-fuzz.test.ts (seed -711205552): '%0A' makes no route match, and the router's 404 was undeclared.
  it('answers the 404 its operation declares, for anyone', async ({ app, admin, member }) => {
    expect(Object.keys(getMonthOverviewCsv.responses)).toContain('404');
    for (const headers of [{}, bearer(member), bearer(admin)]) {
      const answer = await app.inject({ method: 'GET', url: '/api/statement-months/%0A.csv', headers });
      expect([answer.statusCode, answer.json().code]).toEqual([404, 'not-found']);
    }
  });
});
