import { describe, expect, it } from 'vitest';
import { owedLabel, owedText, owedTotalText } from './owed-text';

describe('how an amount owed reads', () => {
  it('shows an unknown amount by its flag, never as $0.00', () => {
    expect(owedText({ owedCents: 0, flags: [] })).toBe('$0.00');
    expect(owedText({ owedCents: 123_456, flags: ['Needs review'] })).toBe('$1,234.56');
    expect(owedText({ owedCents: null, flags: ['Terms missing'] })).toBe('Terms missing');
    expect(owedText({ owedCents: null, flags: ['Quantity not reported'] })).toBe('Quantity not reported');
  });

  it("says a vendor's amount for a send, and a claim still to review", () => {
    expect(owedLabel({ owedCents: 6000, flags: [] })).toBe('Owed $60.00');
    expect(owedLabel({ owedCents: 12_500, flags: ['Needs review'] })).toBe('Owed $125.00 (Needs review)');
    expect(owedLabel({ owedCents: null, flags: ['Quantity not reported'] })).toBe(
      'Owed unknown (Quantity not reported)',
    );
  });

  it('adds up the known amounts and counts the unknown ones', () => {
    expect(owedTotalText({ owedCents: 6000, unknownLines: 0 })).toBe('$60.00');
    expect(owedTotalText({ owedCents: 0, unknownLines: 0 })).toBe('$0.00');
    expect(owedTotalText({ owedCents: 6000, unknownLines: 1 })).toBe('$60.00 + 1 amount unknown');
    expect(owedTotalText({ owedCents: 0, unknownLines: 2 })).toBe('2 amounts unknown');
  });
});
