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

/** A send's figures at one moment: when its statement was finalized (or last adjusted), or now. */
export interface SettledFigures {
  owedCents: Cents | null;
  netCents: Cents;
  /** The quantity a CPM amount counted; absent where the model counts none. */
  quantity?: number | null;
}

/**
 * What changed for a send since it was last settled (its finalized line, plus any adjustment since): the amount owed
 * now minus the amount settled then, as an adjustment for the vendor's next open statement, naming why; none when
 * nothing changed or the amount is not known now. An amount unknown when finalized ('Quantity not reported') was
 * settled as nothing, so the whole amount known now is the adjustment.
 */
export function adjustmentOf(sendId: string, settled: SettledFigures, now: SettledFigures): StatementAdjustment | null {
  if (now.owedCents === null) return null;
  const difference = now.owedCents - (settled.owedCents ?? 0);
  if (difference === 0) return null;
  return { sendId, owedCents: difference, reason: reasonOf(settled, now) };
}

function reasonOf(settled: SettledFigures, now: SettledFigures): string {
  if (now.netCents < settled.netCents) return 'Refunded after the statement was finalized';
  if (now.netCents > settled.netCents) return 'Results attributed after the statement was finalized';
  if ((settled.quantity ?? null) === null && (now.quantity ?? null) !== null) {
    return 'Quantity reported after the statement was finalized';
  }
  if ((settled.quantity ?? null) !== (now.quantity ?? null))
    return 'Quantity accepted after the statement was finalized';
  return 'Results changed after the statement was finalized';
}
