import { describe, expect, it } from 'vitest';
import { formatCents } from './cents';

describe('formatCents', () => {
  it('writes whole dollars and two digits of cents, grouped by thousands', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(2500)).toBe('$25.00');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(100000000001)).toBe('$1,000,000,000.01');
  });

  it('puts the sign before the dollar sign', () => {
    expect(formatCents(-1050)).toBe('-$10.50');
  });

  it('keeps two digits of cents on small and large amounts', () => {
    expect(formatCents(29)).toBe('$0.29');
    expect(formatCents(1_000_000_007)).toBe('$10,000,000.07');
  });

  it('refuses a fraction of a cent', () => {
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });
});
