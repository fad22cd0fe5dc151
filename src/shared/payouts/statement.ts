import type { Cents } from './money';

export interface StatementLine {
  sendId: string;
  owedCents: Cents | null;
}

export interface StatementAdjustment {
  sendId: string;
  owedCents: Cents;
  reason: string;
}

export interface StatementTotal {
  /** The lines' known amounts plus the adjustments. */
  owedCents: Cents;
  /** Lines whose amount is unknown (terms missing, quantity not reported): not in the total. */
  unknownLines: number;
}

export function statementTotal(lines: readonly StatementLine[], adjustments: readonly StatementAdjustment[]) {
  let owedCents = 0;
  let unknownLines = 0;
  for (const line of lines) {
    if (line.owedCents === null) unknownLines += 1;
    else owedCents += line.owedCents;
  }
  for (const adjustment of adjustments) owedCents += adjustment.owedCents;
  return { owedCents, unknownLines } satisfies StatementTotal;
}

/**
 * What changed for a send since its statement was finalized: the amount owed now minus the amount frozen then, as an
 * adjustment for the vendor's next open statement (none when nothing changed).
 */
export function adjustmentOf(
  sendId: string,
  frozen: { owedCents: Cents | null; netCents: Cents },
  now: { owedCents: Cents | null; netCents: Cents },
): StatementAdjustment | null {
  if (frozen.owedCents === null || now.owedCents === null) return null;
  const difference = now.owedCents - frozen.owedCents;
  if (difference === 0) return null;
  const reason =
    now.netCents < frozen.netCents
      ? 'Refunded after the statement was finalized'
      : 'Results attributed after the statement was finalized';
  return { sendId, owedCents: difference, reason };
}
