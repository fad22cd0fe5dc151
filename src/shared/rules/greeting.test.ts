import { describe, expect, it } from 'vitest';
import { greetingLine, partOfDay } from './greeting';

const at = (iso: string) => new Date(iso);

describe('partOfDay', () => {
  it('uses New York time in winter (UTC-5) at the exact boundaries', () => {
    expect(partOfDay(at('2026-01-15T04:59:59Z'))).toBe('evening'); // 23:59:59 the day before
    expect(partOfDay(at('2026-01-15T05:00:00Z'))).toBe('morning'); // 00:00
    expect(partOfDay(at('2026-01-15T16:59:59Z'))).toBe('morning'); // 11:59:59
    expect(partOfDay(at('2026-01-15T17:00:00Z'))).toBe('afternoon'); // 12:00
    expect(partOfDay(at('2026-01-15T21:59:59Z'))).toBe('afternoon'); // 16:59:59
    expect(partOfDay(at('2026-01-15T22:00:00Z'))).toBe('evening'); // 17:00
  });

  it('uses New York time in summer (UTC-4) at the exact boundaries', () => {
    expect(partOfDay(at('2026-07-01T15:59:59Z'))).toBe('morning'); // 11:59:59
    expect(partOfDay(at('2026-07-01T16:00:00Z'))).toBe('afternoon'); // 12:00
    expect(partOfDay(at('2026-07-01T20:59:59Z'))).toBe('afternoon'); // 16:59:59
    expect(partOfDay(at('2026-07-01T21:00:00Z'))).toBe('evening'); // 17:00
  });

  it('follows the spring-forward day, 2026-03-08', () => {
    // Clocks jump from 02:00 EST to 03:00 EDT at 07:00 UTC.
    expect(partOfDay(at('2026-03-08T06:59:00Z'))).toBe('morning'); // 01:59 EST
    expect(partOfDay(at('2026-03-08T07:00:00Z'))).toBe('morning'); // 03:00 EDT
    expect(partOfDay(at('2026-03-08T15:59:59Z'))).toBe('morning'); // 11:59:59 EDT
    expect(partOfDay(at('2026-03-08T16:00:00Z'))).toBe('afternoon'); // 12:00 EDT (it would be 11:00 EST)
    expect(partOfDay(at('2026-03-08T21:00:00Z'))).toBe('evening'); // 17:00 EDT
  });

  it('follows the fall-back day, 2026-11-01', () => {
    // Clocks fall back from 02:00 EDT to 01:00 EST at 06:00 UTC.
    expect(partOfDay(at('2026-11-01T16:59:59Z'))).toBe('morning'); // 11:59:59 EST
    expect(partOfDay(at('2026-11-01T17:00:00Z'))).toBe('afternoon'); // 12:00 EST (it would be 13:00 EDT)
    expect(partOfDay(at('2026-11-01T21:59:59Z'))).toBe('afternoon'); // 16:59:59 EST
    expect(partOfDay(at('2026-11-01T22:00:00Z'))).toBe('evening'); // 17:00 EST
  });
});

describe('greetingLine', () => {
  it('greets by the New York part of the day', () => {
    expect(greetingLine(at('2026-01-15T14:00:00Z'))).toBe('Good morning,');
    expect(greetingLine(at('2026-01-15T18:00:00Z'))).toBe('Good afternoon,');
    expect(greetingLine(at('2026-01-16T02:00:00Z'))).toBe('Good evening,');
  });
});
