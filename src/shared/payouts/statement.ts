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

export function statementTotal(
  lines: readonly Pick<StatementLine, 'owedCents'>[],
  adjustments: readonly Pick<StatementAdjustment, 'owedCents'>[],
) {
  let owedCents = 0;
  let unknownLines = 0;
  for (const line of lines) {
    if (line.owedCents === null) unknownLines += 1;
    else owedCents += line.owedCents;
  }
  for (const adjustment of adjustments) owedCents += adjustment.owedCents;
  return { owedCents, unknownLines } satisfies StatementTotal;
}
