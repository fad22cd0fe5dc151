import { describe, expect, it } from 'vitest';
import { endDateDay, newYorkDate, newYorkWallClock } from './new-york-time';

describe('newYorkDate', () => {
  it('gives the New York calendar day, not the UTC one', () => {
    expect(newYorkDate(new Date('2026-03-15T03:30:00Z'))).toBe('2026-03-14');
    expect(newYorkDate(new Date('2026-03-15T04:00:00Z'))).toBe('2026-03-15');
  });
  it('reads midnight as hour 0', () => {
    expect(newYorkWallClock(new Date('2026-01-15T05:00:00Z'))).toEqual({ year: 2026, month: 1, day: 15, hour: 0, minute: 0 });
  });
});

describe('endDateDay', () => {
  it('takes a plain date as written', () => {
    expect(endDateDay('2026-03-14')).toBe('2026-03-14');
  });
  it('reads a date-time in New York time', () => {
    expect(endDateDay('2026-03-14T04:00:00.000Z')).toBe('2026-03-14'); // midnight EDT
    expect(endDateDay('2026-03-14T07:00:00.000Z')).toBe('2026-03-14'); // midnight PDT
  });
  it('gives null for empty or unreadable values', () => {
    expect(endDateDay(null)).toBeNull();
    expect(endDateDay('')).toBeNull();
    expect(endDateDay('soon')).toBeNull();
    expect(endDateDay('2026-02-30')).toBeNull();
  });
});
