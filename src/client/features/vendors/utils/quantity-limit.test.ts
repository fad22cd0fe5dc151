import { describe, expect, it } from 'vitest';
import { quantityLimitOf } from './quantity-limit';

describe("a vendor's quantity limit as typed", () => {
  it('reads a whole number, with separators, or nothing for no limit', () => {
    expect(quantityLimitOf('250000')).toEqual({ quantityLimit: 250_000 });
    expect(quantityLimitOf(' 250,000 ')).toEqual({ quantityLimit: 250_000 });
    expect(quantityLimitOf('0')).toEqual({ quantityLimit: 0 });
    expect(quantityLimitOf('  ')).toEqual({ quantityLimit: null });
    expect(quantityLimitOf('2147483647')).toEqual({ quantityLimit: 2_147_483_647 });
  });

  it('says what to fix', () => {
    for (const text of ['-5', '12.5', 'lots', '1e6'])
      expect(quantityLimitOf(text)).toEqual({
        problem: 'Enter a whole number of messages, or leave it empty for no limit.',
      });
    expect(quantityLimitOf('2147483648')).toEqual({ problem: 'Enter a limit of at most 2,147,483,647.' });
  });
});
