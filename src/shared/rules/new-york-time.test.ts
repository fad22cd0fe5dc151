import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { endDateDay, newYorkDate, newYorkDayStart, newYorkStamp, newYorkWallClock, nextDay } from './new-york-time';

describe('newYorkDate', () => {
  it('gives the New York calendar day, not the UTC one', () => {
    expect(newYorkDate(new Date('2026-03-15T03:30:00Z'))).toBe('2026-03-14');
    expect(newYorkDate(new Date('2026-03-15T04:00:00Z'))).toBe('2026-03-15');
  });
  it('reads midnight as hour 0', () => {
    expect(newYorkWallClock(new Date('2026-01-15T05:00:00Z'))).toEqual({
      year: 2026,
      month: 1,
      day: 15,
      hour: 0,
      minute: 0,
    });
  });
});

describe('newYorkDayStart', () => {
  it('is midnight in New York: 05:00 UTC in winter, 04:00 UTC in summer', () => {
    expect(newYorkDayStart('2026-01-15').toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(newYorkDayStart('2026-07-04').toISOString()).toBe('2026-07-04T04:00:00.000Z');
  });
  it('is right on the days the clocks change, and on the first day of a year', () => {
    // 2026-03-08: clocks go forward at 2 a.m., so that day starts on standard time; the next on daylight time.
    expect(newYorkDayStart('2026-03-08').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(newYorkDayStart('2026-03-09').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    // 2026-11-01: clocks go back at 2 a.m.
    expect(newYorkDayStart('2026-11-01').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(newYorkDayStart('2026-11-02').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(newYorkDayStart('2027-01-01').toISOString()).toBe('2027-01-01T05:00:00.000Z');
  });
  it('starts the day newYorkDate names', () => {
    for (const day of ['2026-03-08', '2026-06-30', '2026-11-01', '2026-12-31']) {
      const start = newYorkDayStart(day);
      expect(newYorkDate(start)).toBe(day);
      expect(newYorkDate(new Date(start.getTime() - 1))).not.toBe(day);
    }
  });
});

describe('nextDay', () => {
  it('turns months and years', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});

describe('newYorkStamp', () => {
  it("is New York's wall clock to the minute, as sortable text", () => {
    expect(newYorkStamp(new Date('2026-03-11T14:05:59Z'))).toBe('2026-03-11T10:05');
    expect(newYorkStamp(new Date('2026-01-01T04:59:00Z'))).toBe('2025-12-31T23:59');
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

describe('newYorkWallClock from the cached offset of each UTC hour', () => {
  const intl = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const byIntl = (date: Date) => {
    const parts = Object.fromEntries(intl.formatToParts(date).map((part) => [part.type, Number(part.value)]));
    return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
  };

  it('reads what Intl reads at any instant from 1900 to 2100', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        expect(newYorkWallClock(new Date(ms))).toEqual(byIntl(new Date(ms)));
      }),
      { numRuns: 5_000 },
    );
  });

  it('reads what Intl reads each minute around the clock changes of 2026', () => {
    for (const change of [Date.UTC(2026, 2, 8, 7), Date.UTC(2026, 10, 1, 6)]) {
      for (let ms = change - 2 * 3_600_000; ms <= change + 2 * 3_600_000; ms += 60_000) {
        expect(newYorkWallClock(new Date(ms + 59_999))).toEqual(byIntl(new Date(ms + 59_999)));
        expect(newYorkWallClock(new Date(ms))).toEqual(byIntl(new Date(ms)));
      }
    }
  });
});
