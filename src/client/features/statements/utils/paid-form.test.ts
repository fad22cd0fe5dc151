import { describe, expect, it } from 'vitest';
import { paidFormProblems } from './paid-form';

describe("the 'Mark paid' form", () => {
  const today = '2026-11-26';

  it('takes a date up to today and a reference', () => {
    expect(paidFormProblems({ paidOn: '2026-11-26', reference: ' CHK-1042 ' }, today)).toEqual({});
    expect(paidFormProblems({ paidOn: '2025-01-31', reference: 'x'.repeat(200) }, today)).toEqual({});
  });

  it('says what to fix', () => {
    expect(paidFormProblems({ paidOn: '', reference: '  ' }, today)).toEqual({
      paidOn: 'Enter the date it was paid.',
      reference: 'Enter a reference: a check number or a transfer reference.',
    });
    expect(paidFormProblems({ paidOn: '2026-11-27', reference: 'x'.repeat(201) }, today)).toEqual({
      paidOn: 'The date paid cannot be in the future.',
      reference: 'Shorten the reference to 200 characters or fewer.',
    });
  });
});
