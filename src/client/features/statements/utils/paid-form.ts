/** The 'Mark paid' form's problems, by field, in words that say what to fix (the server checks the same). */
export interface PaidFormProblems {
  paidOn?: string;
  reference?: string;
}

/** The longest reference the server keeps. */
export const MAX_REFERENCE_LENGTH = 200;

/** `today` is New York's date, 'YYYY-MM-DD': a payment cannot be dated after it. */
export function paidFormProblems(values: { paidOn: string; reference: string }, today: string): PaidFormProblems {
  const problems: PaidFormProblems = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.paidOn)) problems.paidOn = 'Enter the date it was paid.';
  else if (values.paidOn > today) problems.paidOn = 'The date paid cannot be in the future.';
  const reference = values.reference.trim();
  if (reference === '') problems.reference = 'Enter a reference: a check number or a transfer reference.';
  else if (reference.length > MAX_REFERENCE_LENGTH)
    problems.reference = `Shorten the reference to ${MAX_REFERENCE_LENGTH} characters or fewer.`;
  return problems;
}
