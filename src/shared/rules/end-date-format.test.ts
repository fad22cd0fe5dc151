import { describe, expect, it } from 'vitest';
import { formatEndDateLong, formatEndDateShort } from './end-date-format';

describe('formatEndDateLong', () => {
  it('writes the long English form', () => {
    expect(formatEndDateLong('2026-03-14')).toBe('March 14, 2026');
    expect(formatEndDateLong('2026-12-01T05:00:00.000Z')).toBe('December 1, 2026');
    expect(formatEndDateLong(undefined)).toBeNull();
  });
});

describe('formatEndDateShort', () => {
  it('writes a calendar date with the month abbreviated, without moving it by time zone', () => {
    expect(formatEndDateShort('2026-04-15')).toBe('Apr 15, 2026');
    expect(formatEndDateShort('2026-01-01')).toBe('Jan 1, 2026');
  });

  it('reads a date-time on the same New York day as the e-mail does', () => {
    expect(formatEndDateShort('2026-12-01T03:00:00.000Z')).toBe('Nov 30, 2026');
    expect(formatEndDateLong('2026-12-01T03:00:00.000Z')).toBe('November 30, 2026');
  });

  it('is null for none or text that is not a date', () => {
    expect(formatEndDateShort(null)).toBeNull();
    expect(formatEndDateShort('')).toBeNull();
    expect(formatEndDateShort('soon')).toBeNull();
  });
});
