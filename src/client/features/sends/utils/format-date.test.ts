import { describe, expect, it } from 'vitest';
import { formatSentAt } from './format-date';

describe('formatSentAt', () => {
  it('writes the month abbreviation, day, year and 12-hour time with am/pm', () => {
    expect(formatSentAt('2026-03-14T19:05:00.000Z', 'America/New_York')).toBe('Mar 14, 2026, 3:05 pm');
    expect(formatSentAt('2026-03-14T15:05:00.000Z', 'UTC')).toBe('Mar 14, 2026, 3:05 pm');
  });

  it('handles midnight, noon and the morning', () => {
    expect(formatSentAt('2026-01-01T00:00:00.000Z', 'UTC')).toBe('Jan 1, 2026, 12:00 am');
    expect(formatSentAt('2026-07-04T12:30:00.000Z', 'UTC')).toBe('Jul 4, 2026, 12:30 pm');
    expect(formatSentAt('2026-12-31T09:09:00.000Z', 'UTC')).toBe('Dec 31, 2026, 9:09 am');
  });

  it('moves the date with the time zone', () => {
    expect(formatSentAt('2026-03-15T02:00:00.000Z', 'America/Los_Angeles')).toBe('Mar 14, 2026, 7:00 pm');
  });

  it('returns text that is not a date unchanged', () => {
    expect(formatSentAt('not a date')).toBe('not a date');
  });
});
