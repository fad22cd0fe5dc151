import fc from 'fast-check';
import { expect } from 'vitest';
import type { Statement } from '#shared/contracts/statements';
import { decimalDollars, divideRounded } from '#shared/payouts/money';
import { newYorkMonth, nextMonth } from '#shared/payouts/month';
import { it } from '#server/testing/fixtures';
import { readStatement, sendUnder, statementAction } from '#server/testing/payouts-fixtures';
import { actBlueCsv, importResults, type ActBlueRow } from '#server/testing/results-fixtures';
import { seedVendors } from '#server/testing/send-fixtures';

const DAY = 86_400_000;
/** Each run imports and finalizes a few times on a real database: long on a busy machine. */
const TIMEOUT_MS = 300_000;

const sumOf = (values: number[]) => values.reduce((total, value) => total + value, 0);

it(
  'finalizing then importing more results never changes a finalized statement, and a total is its lines plus adjustments',
  { timeout: TIMEOUT_MS },
  async ({ app, admin, t }) => {
    await seedVendors(app, admin);
    const finalized: Statement[] = [];
    let run = 0;
    const gifts = fc.array(fc.record({ cents: fc.integer({ min: 1, max: 500_000 }), isRefundedLater: fc.boolean() }), {
      minLength: 1,
      maxLength: 4,
    });
    const later = fc.array(fc.integer({ min: 1, max: 500_000 }), { maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(gifts, later, async (first, added) => {
        run += 1;
        // Each run is a month of its own: a send on the 10th, finalized early the next month.
        const month = newYorkMonth(t.clock.now());
        const send = await sendUnder(app, admin, 'Revshare', ['acme1234']);
        const row = (id: string, cents: number, refunded: boolean): ActBlueRow => ({
          'Lineitem ID': `r${run}-${id}`,
          Date: `${month}-10 12:00:00`,
          Amount: decimalDollars(cents),
          'Reference Code': 'acme',
          'Donor Email': `r${run}-${id}@x.org`,
          ...(refunded ? { 'Refund Date': `${month}-20 12:00:00` } : {}),
        });
        await importResults(app, admin, actBlueCsv(first.map((gift, i) => row(String(i), gift.cents, false))));
        t.clock.advance(25 * DAY);
        const frozen = await statementAction(app, admin, 'acme1234', month, 'finalize');
        expect(frozen.statusCode, frozen.body).toBe(200);
        finalized.push(frozen.json());

        // Later results: some gifts refunded, others newly attributed to the same send.
        await importResults(
          app,
          admin,
          actBlueCsv([
            ...first.flatMap((gift, i) => (gift.isRefundedLater ? [row(String(i), gift.cents, true)] : [])),
            ...added.map((cents, i) => row(`later-${i}`, cents, false)),
          ]),
        );
        for (const statement of finalized) {
          expect(await readStatement(app, admin, 'acme1234', statement.month)).toEqual(statement);
        }
        const next = await readStatement(app, admin, 'acme1234', nextMonth(month));
        expect(next.owedCents).toBe(
          sumOf(next.lines.map((line) => line.owedCents ?? 0)) + sumOf(next.adjustments.map((each) => each.owedCents)),
        );
        // What was frozen plus the adjustment is what the send is owed now: 60 % of what was not refunded.
        const netNow = sumOf(first.filter((gift) => !gift.isRefundedLater).map((gift) => gift.cents)) + sumOf(added);
        const adjustment = next.adjustments.find((each) => each.sendId === send)?.owedCents ?? 0;
        expect(finalized.at(-1)!.lines.find((line) => line.sendId === send)!.owedCents! + adjustment).toBe(
          divideRounded(netNow * 60, 100),
        );
        // On to the 10th of the next month (a session lasts 30 days from its last use).
        const [year, number] = nextMonth(month).split('-').map(Number);
        t.clock.advance(Date.UTC(year!, number! - 1, 10, 15) - t.clock.now().getTime());
      }),
      { numRuns: 5 },
    );
  },
);
