import type { AmountOwedView, OwedTotal } from '../contracts/responses/owed';
import { formatCents } from './money';

// How an amount owed reads wherever it is shown (statements, the Deployment Log, Deployment Details, the Tracking
// board): never $0.00 for an amount nobody knows.

/**
 * What a line owes: its amount, or, when the amount is unknown, the flag that says why ('Terms missing', 'Quantity not
 * reported').
 */
export function owedText(line: Pick<AmountOwedView, 'owedCents' | 'flags'>): string {
  if (line.owedCents !== null) return formatCents(line.owedCents);
  return line.flags.filter((flag) => flag !== 'Needs review').join(', ') || 'Unknown';
}

/** One vendor's amount owed for a send: 'Owed $60.00', 'Owed $125.00 (Needs review)', 'Owed unknown (Terms missing)'. */
export function owedLabel(owed: AmountOwedView): string {
  if (owed.owedCents === null) return `Owed unknown (${owedText(owed)})`;
  return `Owed ${owedText(owed)}${owed.flags.includes('Needs review') ? ' (Needs review)' : ''}`;
}

/** Several amounts added up: '$60.00', '$60.00 + 1 amount unknown', '2 amounts unknown' (nothing known but them). */
export function owedTotalText({ owedCents, unknownLines }: OwedTotal): string {
  if (unknownLines === 0) return formatCents(owedCents);
  const unknown = `${unknownLines} ${unknownLines === 1 ? 'amount' : 'amounts'} unknown`;
  return owedCents === 0 ? unknown : `${formatCents(owedCents)} + ${unknown}`;
}
