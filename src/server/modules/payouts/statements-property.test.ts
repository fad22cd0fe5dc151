import fc from 'fast-check';
import { expect } from 'vitest';
import type { Statement } from '#shared/contracts/statements';
import { decimalDollars } from '#shared/payouts/money';
import { newYorkMonth, nextMonth } from '#shared/payouts/month';
import { newYorkStamp } from '#shared/rules/new-york-time';
import { it } from '#server/testing/fixtures';
import { readStatement, sendUnder, statementAction } from '#server/testing/payouts-fixtures';
import { actBlueCsv, addResultCode, importResults, type ActBlueRow } from '#server/testing/results-fixtures';
import { seedVendors } from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';
import { amountsOwed } from './service';

// Issue 34 item 1: over random sequences of sends, imports (new gifts, refunds, re-imports of older files), a result
// code moved to a vendor, finalizations (of a month not begun too), payments and days passing, after every step and
// per vendor: the statements' lines plus adjustments (all months, finalized or open, up to the next one) are what is
// owed now over all its sends, computed from scratch; every negative finalized balance is carried exactly once; and a
// finalized statement never changes.

const DAY = 86_400_000;
const HOUR = 3_600_000;
const VENDORS = ['acme1234', 'bravo5678'] as const;
const CODES = ['acme', 'bravo', 'xtra'] as const;
/** Each run imports and finalizes several times on a real database: long on a busy machine. */
const TIMEOUT_MS = 600_000;

const step = fc.oneof(
  fc.record({ kind: fc.constant('send' as const), vendors: fc.subarray([...VENDORS], { minLength: 1 }) }),
  fc.record({
    kind: fc.constant('import' as const),
    gifts: fc.array(
      fc.record({
        code: fc.constantFrom(...CODES),
        cents: fc.integer({ min: 100, max: 50_000 }),
        hoursAgo: fc.integer({ min: 0, max: 96 }),
      }),
      { maxLength: 3 },
    ),
    refunds: fc.array(fc.nat(), { maxLength: 2 }),
    reimport: fc.option(fc.nat(), { nil: null }),
  }),
  fc.record({ kind: fc.constant('code' as const), vendor: fc.constantFrom(...VENDORS) }),
  fc.record({
    kind: fc.constant('finalize' as const),
    vendor: fc.constantFrom(...VENDORS),
    monthsBack: fc.integer({ min: -1, max: 2 }),
  }),
  fc.record({ kind: fc.constant('pay' as const), vendor: fc.constantFrom(...VENDORS), monthsBack: fc.nat(2) }),
  fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 1, max: 20 }) }),
);

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const monthsBefore = (month: string, count: number) => {
  let [year, number] = month.split('-').map(Number) as [number, number];
  number -= count;
  while (number < 1) [year, number] = [year - 1, number + 12];
  while (number > 12) [year, number] = [year + 1, number - 12];
  return `${year}-${String(number).padStart(2, '0')}`;
};
/** What a finalized statement keeps: everything but its payment and its message, which come later. */
const frozenPart = ({ status: _s, paid: _p, mail: _m, ...statement }: Statement) => statement;

it(
  'every cent owed is on exactly one statement, a negative balance is carried once, and a finalized statement never changes',
  { timeout: TIMEOUT_MS },
  async ({ app, admin, database, t }) => {
    await seedVendors(app, admin);
    const firstMonth = newYorkMonth(t.clock.now());
    const frozen = new Map<string, ReturnType<typeof frozenPart>>();
    const gifts: ActBlueRow[] = [];
    const files: string[] = [];
    let coded = false;
    let run = 0;

    const check = async () => {
      const months: string[] = [];
      for (let month = firstMonth; month <= nextMonth(newYorkMonth(t.clock.now())); month = nextMonth(month)) {
        months.push(month);
      }
      for (const vendorId of VENDORS) {
        const statements = await Promise.all(months.map((month) => readStatement(app, admin, vendorId, month)));
        const owedNow = sum((await amountsOwed(database.db, { vendorId })).map((line) => line.owedCents ?? 0));
        const carriedIn = (statement: Statement) => sum(statement.carried.map((each) => each.owedCents));
        // Lines plus adjustments over every statement: what is owed now.
        expect(sum(statements.map((statement) => statement.owedCents - carriedIn(statement)))).toBe(owedNow);
        for (const statement of statements) {
          expect(statement.owedCents).toBe(
            sum(statement.lines.map((line) => line.owedCents ?? 0)) +
              sum(statement.adjustments.map((each) => each.owedCents)) +
              carriedIn(statement),
          );
          if (statement.status === 'open') continue;
          const key = `${vendorId}/${statement.month}`;
          if (!frozen.has(key)) frozen.set(key, frozenPart(statement));
          expect(frozenPart(statement)).toEqual(frozen.get(key));
          // Below zero: never paid, carried once to a later statement.
          if (statement.owedCents < 0) {
            expect(statement.paid).toBeNull();
            const holders = statements.filter((each) => each.carried.some((c) => c.fromMonth === statement.month));
            expect(holders.map((each) => each.month)).toEqual([statement.carriedTo]);
            expect(holders[0]!.carried.find((c) => c.fromMonth === statement.month)!.owedCents).toBe(
              statement.owedCents,
            );
          }
        }
      }
    };

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 7 }), async (steps) => {
        run += 1;
        for (const [index, action] of steps.entries()) {
          const month = newYorkMonth(t.clock.now());
          switch (action.kind) {
            case 'send':
              await sendUnder(app, admin, 'Revshare', action.vendors);
              break;
            case 'import': {
              let csv: string;
              if (action.reimport !== null && files.length > 0) csv = files[action.reimport % files.length]!;
              else {
                const stamp = (at: number) => newYorkStamp(new Date(at)).replace('T', ' ') + ':00';
                const now = t.clock.now().getTime();
                const added = action.gifts.map((gift, i): ActBlueRow => ({
                  'Lineitem ID': `r${run}-${index}-${i}`,
                  Date: stamp(now - gift.hoursAgo * HOUR),
                  Amount: decimalDollars(gift.cents),
                  'Reference Code': gift.code,
                  'Donor Email': `r${run}-${index}-${i}@x.org`,
                }));
                const refunded = gifts.length
                  ? [...new Set(action.refunds.map((n) => n % gifts.length))].map((n) => {
                      gifts[n] = { ...gifts[n]!, 'Refund Date': stamp(now) };
                      return gifts[n]!;
                    })
                  : [];
                gifts.push(...added);
                csv = actBlueCsv([...added, ...refunded]);
                files.push(csv);
              }
              if (csv.split('\n').length > 1) await importResults(app, admin, csv);
              break;
            }
            case 'code':
              if (!coded) {
                const added = await addResultCode(app, admin, action.vendor, 'xtra');
                expect(added.statusCode, added.body).toBeLessThan(300);
                coded = true;
              }
              break;
            case 'finalize': {
              const target = monthsBefore(month, action.monthsBack);
              if (target < firstMonth) break;
              const answer = await statementAction(app, admin, action.vendor, target, 'finalize', { confirm: true });
              if (action.monthsBack < 0) expect(answer.json().code).toBe('month-not-begun');
              else expect([200, 409]).toContain(answer.statusCode);
              break;
            }
            case 'pay': {
              const target = monthsBefore(month, action.monthsBack);
              if (target < firstMonth) break;
              const answer = await statementAction(app, admin, action.vendor, target, 'paid', {
                paidOn: `${target}-01`,
                reference: `run ${run}`,
              });
              if (answer.statusCode === 409 && answer.json().code !== 'negative-balance') break;
              if (answer.statusCode === 200) expect(answer.json().owedCents).toBeGreaterThanOrEqual(0);
              break;
            }
            case 'days':
              t.clock.advance(action.days * DAY);
              // Sessions last 30 days from their last use.
              await app.inject({ method: 'GET', url: '/api/statements?month=2026-03', headers: bearer(admin) });
              break;
          }
          await check();
        }
      }),
      { numRuns: 5, endOnFailure: true },
    );
  },
);
