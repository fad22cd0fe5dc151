import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  costPerCents,
  formatBasisPoints,
  isOnTime,
  monthlyOf,
  performanceOf,
  rateBasisPoints,
  roiBasisPoints,
  type PerformanceSend,
} from './performance';

const send = (sendId: number, overrides: Partial<PerformanceSend> = {}): PerformanceSend => ({
  sendId,
  date: '2026-03-10',
  contributions: 0,
  netCents: 0,
  donors: 0,
  newDonors: 0,
  owedCents: 0,
  quantity: null,
  scheduledDate: null,
  deployedDate: null,
  ...overrides,
});

describe('vendor performance formulas', () => {
  it('ROI is (net − owed) / owed in basis points, rounded a half away from zero; null with nothing known owed', () => {
    expect(roiBasisPoints(25_000, 10_000)).toBe(15_000);
    expect(roiBasisPoints(0, 10_000)).toBe(-10_000);
    expect(roiBasisPoints(10_000, 10_000)).toBe(0);
    // 1/3 of a basis point rounds down, 2/3 up; −0.5 away from zero.
    expect(roiBasisPoints(30_001, 30_000)).toBe(0);
    expect(roiBasisPoints(2, 3)).toBe(-3333);
    expect(roiBasisPoints(5_000, 0)).toBeNull();
    expect(roiBasisPoints(5_000, null)).toBeNull();
  });

  it('cost per donor in cents, null with no donors or no known amount', () => {
    expect(costPerCents(10_000, 3)).toBe(3333);
    expect(costPerCents(10_001, 2)).toBe(5001);
    expect(costPerCents(10_000, 0)).toBeNull();
    expect(costPerCents(null, 5)).toBeNull();
  });

  it('on time: deployed on or before the scheduled New York date; nothing to say without both dates', () => {
    expect(isOnTime('2026-03-10', '2026-03-10')).toBe(true);
    expect(isOnTime('2026-03-10', '2026-03-09')).toBe(true);
    expect(isOnTime('2026-03-10', '2026-03-11')).toBe(false);
    expect(isOnTime(null, '2026-03-11')).toBeNull();
    expect(isOnTime('2026-03-10', null)).toBeNull();
    expect(rateBasisPoints(2, 3)).toBe(6667);
    expect(rateBasisPoints(0, 0)).toBeNull();
  });

  it('ROI is positive exactly when the net is above what is owed, and owed × (1 + ROI) gives the net back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (net, owed) => {
          const roi = roiBasisPoints(net, owed)!;
          expect(Math.sign(roi) === Math.sign(net - owed) || roi === 0).toBe(true);
          // Rounded to a basis point, the net comes back within half a basis point of what is owed.
          expect(Math.abs(owed + (owed * roi) / 10_000 - net)).toBeLessThanOrEqual(owed / 20_000 + 1e-6);
        },
      ),
    );
  });

  it("a vendor's figures: ratios over the sends whose amount is known, each figure naming its sends", () => {
    const figures = performanceOf([
      send(1, { netCents: 30_000, donors: 3, newDonors: 2, owedCents: 10_000, contributions: 4, quantity: 5000 }),
      send(2, { netCents: 5_000, donors: 1, newDonors: 1, owedCents: null, contributions: 1 }),
      send(3, {
        netCents: 0,
        owedCents: 2_000,
        quantity: 1000,
        scheduledDate: '2026-03-12',
        deployedDate: '2026-03-13',
      }),
      send(4, { scheduledDate: '2026-03-12', deployedDate: '2026-03-12' }),
    ]);
    expect(figures.sends).toEqual({ value: 4, sendIds: [1, 2, 3, 4] });
    expect(figures.quantityDeployed).toEqual({ value: 6000, sendIds: [1, 3] });
    expect(figures.netCents).toEqual({ value: 35_000, sendIds: [1, 2, 3, 4] });
    expect(figures.owedCents).toEqual({ value: 12_000, sendIds: [1, 3, 4] });
    expect(figures.unknownOwed).toEqual({ value: 1, sendIds: [2] });
    // (30,000 − 12,000) / 12,000: send 2's net does not count against an amount nobody knows.
    expect(figures.roiBasisPoints).toEqual({ value: 15_000, sendIds: [1, 3, 4] });
    expect(figures.costPerDonorCents.value).toBe(4000);
    expect(figures.costPerNewDonorCents.value).toBe(6000);
    expect(figures.onTimeRateBasisPoints).toEqual({ value: 5000, sendIds: [3, 4] });
  });

  it('with every amount unknown the ratios are unknown, not free', () => {
    const figures = performanceOf([send(1, { netCents: 9_000, donors: 2, newDonors: 2, owedCents: null })]);
    expect([figures.owedCents.value, figures.roiBasisPoints.value, figures.costPerNewDonorCents.value]).toEqual([
      0,
      null,
      null,
    ]);
  });

  it("the months' owed and net add up to the vendor's, and every send is in exactly one month", () => {
    const sendArbitrary = fc.record({
      sendId: fc.integer({ min: 1, max: 1_000_000 }),
      date: fc.constantFrom('2026-01-31', '2026-02-01', '2026-02-28', '2026-03-01', '2026-12-31'),
      netCents: fc.integer({ min: -100_000, max: 1_000_000 }),
      owedCents: fc.option(fc.integer({ min: 0, max: 1_000_000 })),
    });
    fc.assert(
      fc.property(fc.uniqueArray(sendArbitrary, { maxLength: 30, selector: (value) => value.sendId }), (partial) => {
        const sends = partial.map((value) => send(value.sendId, value));
        const months = monthlyOf(sends);
        const figures = performanceOf(sends);
        expect(months.reduce((total, month) => total + month.owedCents, 0)).toBe(figures.owedCents.value);
        expect(months.reduce((total, month) => total + month.netCents, 0)).toBe(figures.netCents.value);
        expect(months.reduce((total, month) => total + month.unknownOwed, 0)).toBe(figures.unknownOwed.value);
        expect(months.flatMap((month) => month.sendIds).sort()).toEqual(sends.map((s) => s.sendId).sort());
        expect(months.map((month) => month.month)).toEqual([...new Set(sends.map((s) => s.date.slice(0, 7)))].sort());
      }),
    );
  });

  it('formats basis points as a percentage', () => {
    expect([formatBasisPoints(15_000), formatBasisPoints(-2550), formatBasisPoints(1), formatBasisPoints(0)]).toEqual([
      '150 %',
      '−25.5 %',
      '0.01 %',
      '0 %',
    ]);
  });
});
