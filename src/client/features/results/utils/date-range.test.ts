import { describe, expect, it } from 'vitest';
import { daysBefore, lastThirtyDays } from './date-range';

describe('the figures date range', () => {
  it('counts calendar days across months and years', () => {
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2026-01-10', 29)).toBe('2025-12-12');
  });

  it('ends today in New York, not in UTC', () => {
    // 03:00 UTC on 1 December is still 30 November in New York.
    expect(lastThirtyDays(new Date('2026-12-01T03:00:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });
});
