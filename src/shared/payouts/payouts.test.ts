import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DeliveryTerms } from '../contracts/sends';
import { vendorTerms } from '../rules/pricing';
import { centsOfDollarText, decimalDollars, divideRounded, formatCents } from './money';
import { owedFor } from './owed';
import { MONTH_PATTERN, monthBounds, monthName, newYorkMonth, nextMonth, previousMonth } from './month';
import { countedQuantity } from './quantity';
import { statementTotal } from './statement';
import { payoutTermsOf, splitWording, termsWording, termValueWording, termWording } from './terms';

/** Terms as a send keeps them: built by the same rule that writes them into the vendor's message. */
function sent(
  model: 'Revshare' | 'CPD' | 'CPA' | 'CPM',
  split?: string,
  costs?: Record<string, number>,
): DeliveryTerms {
  const { items } = vendorTerms(model, split, costs);
  return { pricingModel: model, items, emailProspectingKey: null, textProspectingKey: null };
}

const figures = (netCents: number, donors = 0, newDonors = 0) => ({ netCents, donors, newDonors });

describe('money in integer cents', () => {
  it('rounds a half away from zero', () => {
    expect([divideRounded(1, 2), divideRounded(-1, 2), divideRounded(3, 2), divideRounded(-3, 2)]).toEqual([
      1, -1, 2, -2,
    ]);
    expect([divideRounded(149, 100), divideRounded(150, 100), divideRounded(-150, 100)]).toEqual([1, 2, -2]);
  });

  it('reads dollar text as the message shows it', () => {
    expect(centsOfDollarText('$5,000')).toBe(500_000);
    expect(centsOfDollarText('$12.50')).toBe(1250);
    expect(centsOfDollarText('$0.075')).toBe(8);
    expect(centsOfDollarText('$1,234,567.89')).toBe(123_456_789);
    expect(centsOfDollarText('[Not set]')).toBeNull();
    expect(centsOfDollarText('12,34')).toBeNull();
  });

  it('writes cents as a plain decimal for a spreadsheet', () => {
    expect([decimalDollars(123_456), decimalDollars(-5), decimalDollars(0), decimalDollars(-100_000)]).toEqual([
      '1234.56',
      '-0.05',
      '0.00',
      '-1000.00',
    ]);
  });

  it('formats cents without floating dollars', () => {
    expect([formatCents(123_456), formatCents(-5), formatCents(0), formatCents(100_000_000_01)]).toEqual([
      '$1,234.56',
      '-$0.05',
      '$0.00',
      '$100,000,000.01',
    ]);
  });
});

describe('terms kept with a delivery', () => {
  it('says whose share the first number of a split is', () => {
    expect(splitWording('60/40')).toBe('60/40: vendor 60 %, client 40 %');
  });

  it('words a split wherever terms are listed, once, and leaves other terms as they are', () => {
    expect(termWording({ label: 'Split', value: '60/40' })).toBe('Split: 60/40: vendor 60 %, client 40 %');
    expect(termValueWording({ label: 'Split', value: '60/40: vendor 60 %, client 40 %' })).toBe(
      '60/40: vendor 60 %, client 40 %',
    );
    expect(termValueWording({ label: 'Split', value: '[Not set]' })).toBe('[Not set]');
    expect(termWording({ label: 'Cost per donor', value: '$12.50' })).toBe('Cost per donor: $12.50');
  });

  it('words the terms for a statement line', () => {
    expect(termsWording(sent('Revshare', '60/40'))).toBe('60/40: vendor 60 %, client 40 %');
    expect(termsWording(sent('CPD', undefined, { costPerDonor: 12.5, cpdBudget: 5000 }))).toBe(
      'Cost per donor: $12.50, CPD budget: $5,000',
    );
    expect(termsWording(sent('CPM', undefined, { cpmBudget: 100 }))).toBe('Terms missing: Cost per thousand');
    expect(termsWording(null)).toBe('Terms missing: Terms');
  });

  it('reads each model, and a missing rate as missing terms', () => {
    expect(payoutTermsOf(sent('Revshare', '60/40'))).toEqual({
      model: 'Revshare',
      vendorPercent: 60,
      clientPercent: 40,
    });
    expect(payoutTermsOf(sent('CPD', undefined, { costPerDonor: 12.5, cpdBudget: 5000 }))).toEqual({
      model: 'CPD',
      rateCents: 1250,
      budgetCents: 500_000,
    });
    expect(payoutTermsOf(sent('CPM', undefined, { cpmBudget: 100 }))).toEqual({
      model: 'CPM',
      missing: ['Cost per thousand'],
    });
    expect(payoutTermsOf(sent('CPA', undefined, { costPerAcquisition: 40 }))).toMatchObject({ budgetCents: null });
    expect(payoutTermsOf(null)).toMatchObject({ missing: ['Terms'] });
  });
});

describe('what a vendor is owed for a send', () => {
  it('Revshare: the vendor’s percentage of the net, rounded half away from zero', () => {
    const terms = payoutTermsOf(sent('Revshare', '60/40'));
    expect(owedFor(terms, figures(100_001), null)).toEqual({ owedCents: 60_001, flag: null });
    expect(owedFor(terms, figures(1), null).owedCents).toBe(1); // 0.6 cent
    expect(owedFor(payoutTermsOf(sent('Revshare', '50/50')), figures(1), null).owedCents).toBe(1); // half a cent
    expect(owedFor(payoutTermsOf(sent('Revshare', '50/50')), figures(-1), null).owedCents).toBe(-1);
  });

  it('CPD and CPA count donors and new donors, capped by their budgets', () => {
    const cpd = payoutTermsOf(sent('CPD', undefined, { costPerDonor: 12.5, cpdBudget: 100 }));
    expect(owedFor(cpd, figures(0, 4, 1), null).owedCents).toBe(5000);
    expect(owedFor(cpd, figures(0, 9, 1), null).owedCents).toBe(10_000);
    const cpa = payoutTermsOf(sent('CPA', undefined, { costPerAcquisition: 40, cpaBudget: 1000 }));
    expect(owedFor(cpa, figures(0, 9, 3), null).owedCents).toBe(12_000);
  });

  it('CPM needs a quantity and never guesses one', () => {
    const cpm = payoutTermsOf(sent('CPM', undefined, { costPerThousand: 2.5, cpmBudget: 1000 }));
    expect(owedFor(cpm, figures(0), null)).toEqual({ owedCents: null, flag: 'Quantity not reported' });
    expect(owedFor(cpm, figures(0), 1_999).owedCents).toBe(500); // 499.75 cents
    expect(owedFor(cpm, figures(0), 1_000_000_000).owedCents).toBe(100_000);
  });

  it("shows 'Terms missing' instead of zero", () => {
    expect(owedFor(payoutTermsOf(sent('CPD', undefined, {})), figures(100, 3, 3), null)).toEqual({
      owedCents: null,
      flag: 'Terms missing',
    });
  });
});

describe("a vendor's quantity is a claim, not a bill", () => {
  const report = { planned: 50_000, vendorLimit: null, accepted: false } as const;

  it('counts a vendor report up to its plan until an admin accepts the rest', () => {
    expect(countedQuantity({ ...report, deployed: 1_000_000_000, source: 'vendor' })).toEqual({
      quantity: 50_000,
      needsReview: true,
    });
    expect(countedQuantity({ ...report, deployed: 1_000_000_000, source: 'vendor', accepted: true })).toEqual({
      quantity: 1_000_000_000,
      needsReview: false,
    });
    expect(countedQuantity({ ...report, deployed: 40_000, source: 'vendor' })).toEqual({
      quantity: 40_000,
      needsReview: false,
    });
  });

  it('uses the admin’s limit without a plan, and nothing without either', () => {
    const unplanned = { ...report, planned: null, source: 'vendor' } as const;
    expect(countedQuantity({ ...unplanned, vendorLimit: 10_000, deployed: 12_000 })).toEqual({
      quantity: 10_000,
      needsReview: true,
    });
    expect(countedQuantity({ ...unplanned, deployed: 12_000 })).toEqual({ quantity: 0, needsReview: true });
  });

  it("takes a plan the vendor set itself as a claim: the limit bounds it, never the vendor's own plan", () => {
    const own = { ...report, planned: 1_000_000_000, plannedSource: 'vendor', source: 'vendor' } as const;
    expect(countedQuantity({ ...own, deployed: 1_000_000_000 })).toEqual({ quantity: 0, needsReview: true });
    expect(countedQuantity({ ...own, vendorLimit: 10_000, deployed: 1_000_000_000 })).toEqual({
      quantity: 10_000,
      needsReview: true,
    });
    expect(countedQuantity({ ...own, planned: 5000, vendorLimit: 10_000, deployed: 8000 })).toEqual({
      quantity: 5000,
      needsReview: true,
    });
    // The team's plan and the limit: the smaller counts.
    const team = { ...report, planned: 50_000, plannedSource: 'staff', source: 'vendor', vendorLimit: 10_000 } as const;
    expect(countedQuantity({ ...team, deployed: 40_000 })).toEqual({ quantity: 10_000, needsReview: true });
    expect(countedQuantity({ ...team, deployed: 40_000, accepted: true })).toEqual({
      quantity: 40_000,
      needsReview: false,
    });
  });

  it('counts what the agency recorded as recorded, and nothing when nothing was reported', () => {
    expect(countedQuantity({ ...report, deployed: 1_000_000_000, source: 'staff' }).quantity).toBe(1_000_000_000);
    expect(countedQuantity({ ...report, deployed: null, source: null })).toEqual({
      quantity: null,
      needsReview: false,
    });
  });
});

describe('statements', () => {
  const cents = fc.integer({ min: -10_000_000, max: 10_000_000 });
  const line = fc.record({ sendId: fc.uuid(), owedCents: fc.option(cents, { nil: null }) });
  const adjustment = fc.record({ sendId: fc.uuid(), owedCents: cents, reason: fc.string() });

  it("a month's total is the sum of its lines and adjustments", () => {
    fc.assert(
      fc.property(fc.array(line), fc.array(adjustment), (lines, adjustments) => {
        const total = statementTotal(lines, adjustments);
        const known = lines.flatMap((each) => (each.owedCents === null ? [] : [each.owedCents]));
        expect(total.owedCents).toBe(
          [...known, ...adjustments.map((each) => each.owedCents)].reduce((a, b) => a + b, 0),
        );
        expect(total.unknownLines).toBe(lines.length - known.length);
      }),
    );
  });
});

describe('statement months in New York time', () => {
  it('puts a send in the New York month it was sent, and bounds a month at New York midnights', () => {
    // 03:30 UTC on April 1st is still March 31st in New York.
    expect(newYorkMonth(new Date('2026-04-01T03:30:00Z'))).toBe('2026-03');
    expect(newYorkMonth(new Date('2026-04-01T04:00:00Z'))).toBe('2026-04');
    expect(monthBounds('2026-03')).toEqual({
      from: new Date('2026-03-01T05:00:00Z'),
      to: new Date('2026-04-01T04:00:00Z'),
    });
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(['2026-13', '2026-00', '26-01', '2026-1'].some((month) => MONTH_PATTERN.test(month))).toBe(false);
  });

  it('steps back a month across a year, and names a month for people', () => {
    expect([previousMonth('2026-03'), previousMonth('2026-01'), previousMonth('2026-10')]).toEqual([
      '2026-02',
      '2025-12',
      '2026-09',
    ]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9998 }), fc.integer({ min: 1, max: 12 }), (year, number) => {
        const month = `${String(year).padStart(4, '0')}-${String(number).padStart(2, '0')}`;
        expect(previousMonth(nextMonth(month))).toBe(month);
      }),
    );
    expect([monthName('2026-03'), monthName('2025-12'), monthName('2027-01')]).toEqual([
      'March 2026',
      'December 2025',
      'January 2027',
    ]);
  });
});
