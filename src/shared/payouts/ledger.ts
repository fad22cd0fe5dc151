import type { Cents } from './money';
import { monthName, nextMonth } from './month';

/**
 * Every cent owed on exactly one statement (issue 34, decision 0071). A vendor's open month holds: its sends of that
 * month (lines), what changed since for sends already settled or sent into a month already finalized (adjustments),
 * and the negative balance of a finalized month (carried). Worked out here from plain figures, so the server, the
 * overview and the property test share one rule.
 */

/** A send's figures as they are now (the amount owed from its terms and results). */
export interface SendNow {
  sendId: number;
  /** The New York month it was sent in: the statement whose line it is. */
  month: string;
  owedCents: Cents | null;
  netCents: Cents;
  grossCents: Cents;
  refundedCents: Cents;
  quantity: number | null;
}

/** A send as a finalized statement last settled it: its line, plus the adjustments finalized for it since. */
export interface SettledSend {
  sendId: number;
  /** The month of the statement that first settled it (its line's, or for a late send, its own month). */
  fromMonth: string;
  /** The latest month that settled it. */
  lastMonth: string;
  owedCents: Cents | null;
  netCents: Cents;
  /** Null for an adjustment frozen before gross and refunded were kept: the net decides then. */
  grossCents: Cents | null;
  refundedCents: Cents | null;
  quantity: number | null;
}

/** A finalized statement's month and total (lines, adjustments and what it carried in). */
export interface FinalizedTotal {
  month: string;
  owedCents: Cents;
  /** A later finalized statement holds its balance already. */
  isCarried: boolean;
}

export interface PendingAdjustment {
  sendId: number;
  fromMonth: string;
  owedCents: Cents;
  reason: string;
  /** What this adjustment settles the send at, frozen with it when its month is finalized. */
  settled: Omit<SettledSend, 'sendId' | 'fromMonth' | 'lastMonth'>;
}

export interface CarriedBalance {
  fromMonth: string;
  owedCents: Cents;
}

/** The first month after `month` that is not finalized: where a change to a send of `month` goes. */
export function nextOpenMonth(month: string, finalized: ReadonlySet<string>): string {
  let candidate = nextMonth(month);
  while (finalized.has(candidate)) candidate = nextMonth(candidate);
  return candidate;
}

/** 'Balance carried forward from December 2026': the line a negative balance opens the next statement with. */
export const carriedWording = (fromMonth: string) => `Balance carried forward from ${monthName(fromMonth)}`;

type Change = { send: SettledSend; now: SendNow; owedCents: Cents };

/** What happened to a send since it was settled, in words, before re-attributions are paired. */
function reasonOf({ send, now }: Change, isLate: boolean): string {
  const period = monthName(send.lastMonth);
  if (isLate) return `New results: a send of ${monthName(send.fromMonth)} that was not on its finalized statement`;
  const gross = send.grossCents ?? send.netCents;
  const refunded = send.refundedCents ?? 0;
  if (now.grossCents > gross) return `New results after ${period} was finalized`;
  if (now.refundedCents > refunded) return `A refund after ${period} was finalized`;
  if (now.grossCents < gross) return `Results moved away from send ${send.sendId} after ${period} was finalized`;
  if (now.refundedCents < refunded) return `A refund undone after ${period} was finalized`;
  if (send.quantity === null && now.quantity !== null) return `Quantity reported after ${period} was finalized`;
  if (send.quantity !== now.quantity) return `Quantity accepted after ${period} was finalized`;
  return `Results changed after ${period} was finalized`;
}

/**
 * The adjustments an open `month` of one vendor carries: each send settled on a finalized statement, or sent in a
 * finalized month without being on it (a late send), whose next open month is this one and whose amount owed now
 * differs from what was settled. Gifts that left one send (gross down) for another (gross up) are named as a pair:
 * 'Moved from send X to send Y' on both. An amount unknown now gives none yet.
 */
export function pendingAdjustments(
  month: string,
  finalized: ReadonlySet<string>,
  settled: readonly SettledSend[],
  sends: readonly SendNow[],
): PendingAdjustment[] {
  if (finalized.size === 0 || finalized.has(month)) return [];
  const now = new Map(sends.map((send) => [send.sendId, send]));
  const known = new Set(settled.map((send) => send.sendId));
  // A send of a finalized month that is not on it: settled at nothing in its own month.
  const late: SettledSend[] = sends
    .filter((send) => finalized.has(send.month) && !known.has(send.sendId))
    .map((send) => ({
      sendId: send.sendId,
      fromMonth: send.month,
      lastMonth: send.month,
      owedCents: 0,
      netCents: 0,
      grossCents: 0,
      refundedCents: 0,
      quantity: null,
    }));
  const lateIds = new Set(late.map((send) => send.sendId));
  const changes: Change[] = [];
  for (const send of [...settled, ...late]) {
    if (send.lastMonth >= month || nextOpenMonth(send.lastMonth, finalized) !== month) continue;
    const current = now.get(send.sendId);
    if (!current || current.owedCents === null) continue;
    const owedCents = current.owedCents - (send.owedCents ?? 0);
    if (owedCents !== 0) changes.push({ send, now: current, owedCents });
  }
  const reasons = new Map(
    changes.map((change) => [change.send.sendId, reasonOf(change, lateIds.has(change.send.sendId))]),
  );
  const grossOf = (change: Change) => change.send.grossCents ?? change.send.netCents;
  const losers = changes.filter((change) => change.now.grossCents < grossOf(change));
  const gainers = changes.filter((change) => change.now.grossCents > grossOf(change));
  for (let i = 0; i < Math.min(losers.length, gainers.length); i += 1) {
    const [loser, gainer] = [losers[i]!, gainers[i]!];
    const moved = `Moved from send ${loser.send.sendId} to send ${gainer.send.sendId}`;
    const isMoreThanMoved = gainer.now.grossCents - grossOf(gainer) > grossOf(loser) - loser.now.grossCents;
    reasons.set(loser.send.sendId, moved);
    reasons.set(gainer.send.sendId, isMoreThanMoved ? `${moved}, and new results` : moved);
  }
  return changes
    .map(({ send, now: current, owedCents }) => ({
      sendId: send.sendId,
      fromMonth: send.fromMonth,
      owedCents,
      reason: reasons.get(send.sendId)!,
      settled: {
        owedCents: current.owedCents,
        netCents: current.netCents,
        grossCents: current.grossCents,
        refundedCents: current.refundedCents,
        quantity: current.quantity,
      },
    }))
    .sort((a, b) => a.fromMonth.localeCompare(b.fromMonth) || a.sendId - b.sendId);
}

/**
 * The negative balances an open `month` opens with: each finalized statement below zero whose next open month is this
 * one. A balance below zero is never paid: it is carried until a statement that holds it is positive again.
 */
export function carriedBalances(
  month: string,
  finalized: ReadonlySet<string>,
  totals: readonly FinalizedTotal[],
): CarriedBalance[] {
  if (finalized.has(month)) return [];
  return totals
    .filter(
      (total) =>
        total.owedCents < 0 &&
        !total.isCarried &&
        total.month < month &&
        nextOpenMonth(total.month, finalized) === month,
    )
    .map((total) => ({ fromMonth: total.month, owedCents: total.owedCents }))
    .sort((a, b) => a.fromMonth.localeCompare(b.fromMonth));
}
