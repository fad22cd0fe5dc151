import { describe, expect, it } from 'vitest';
import { formatDay, formatNewYorkDay, quantityParts, statusText, totalNote } from './statement-text';

describe('how a statement reads', () => {
  it('says its status with who and when', () => {
    expect(statusText({ status: 'open', finalized: null, paid: null })).toBe('Open');
    const finalized = { at: '2026-12-01T03:30:00.000Z', by: { email: 'ann@agency.test' } };
    // 03:30 UTC on December 1st is still November 30th in New York.
    expect(statusText({ status: 'finalized', finalized, paid: null })).toBe(
      'Finalized on Nov 30, 2026 by ann@agency.test',
    );
    const paid = { paidOn: '2026-12-05', reference: 'CHK-1042', at: '2026-12-05T20:00:00Z', by: finalized.by };
    expect(statusText({ status: 'paid', finalized, paid })).toBe('Paid on Dec 5, 2026 ref CHK-1042');
  });

  it('reads a calendar date as that date in any time zone, and an instant as its New York date', () => {
    expect(formatDay('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatNewYorkDay('2026-01-01T04:59:00Z')).toBe('Dec 31, 2025');
  });

  it('shows the quantity counted and a larger claim beside it', () => {
    const cpm = { pricingModel: 'CPM' };
    expect(quantityParts({ ...cpm, quantity: null, reportedQuantity: null })).toEqual({
      counted: 'Not reported',
      claim: null,
    });
    expect(quantityParts({ pricingModel: 'CPD', quantity: null, reportedQuantity: null })).toEqual({
      counted: '—',
      claim: null,
    });
    expect(quantityParts({ ...cpm, quantity: 5000, reportedQuantity: 5000 })).toEqual({
      counted: '5,000',
      claim: null,
    });
    expect(quantityParts({ ...cpm, quantity: 10_000, reportedQuantity: 1_000_000_000 })).toEqual({
      counted: '10,000',
      claim: '(reported 1,000,000,000)',
    });
    expect(quantityParts({ ...cpm, quantity: 0, reportedQuantity: 20 })).toEqual({
      counted: '0',
      claim: '(reported 20)',
    });
  });

  it('says how many lines the total leaves out', () => {
    expect(totalNote({ unknownLines: 0 })).toBeNull();
    expect(totalNote({ unknownLines: 1 })).toBe('Leaves out 1 line whose amount is unknown.');
    expect(totalNote({ unknownLines: 2 })).toBe('Leaves out 2 lines whose amount is unknown.');
  });
});
