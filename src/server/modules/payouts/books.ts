import {
  carriedBalances,
  pendingAdjustments,
  type CarriedBalance,
  type FinalizedTotal,
  type PendingAdjustment,
  type SendNow,
} from '#shared/payouts/ledger';
import { monthBounds, newYorkMonth } from '#shared/payouts/month';
import type { Db } from '#server/db/client';
import * as repo from './repository';
import { amountsOwed, type AmountOwed } from './service';

/**
 * What a vendor's (or every vendor's) books hold up to a month: the finalized statements' totals, the sends as they
 * were settled, and every send up to the month's end as it is owed now (decision 0071). Three queries, whatever the
 * number of vendors: the overview reads them once for all.
 */
export interface Books {
  finalized: (FinalizedTotal & { vendorId: string })[];
  settled: repo.VendorSettledSend[];
  sends: AmountOwed[];
}

/** An open month of one vendor: its sends of the month, what changed for settled or late ones, the balances carried. */
export interface OpenParts {
  lines: AmountOwed[];
  adjustments: PendingAdjustment[];
  carried: CarriedBalance[];
}

export async function readBooks(db: Db, month: string, vendorId?: string): Promise<Books> {
  const finalized = await repo.listFinalizedTotals(db, vendorId);
  // Every send settled or sent into a finalized month was sent no earlier than the earliest finalized month.
  const earliest = finalized.reduce((first, total) => (total.month < first ? total.month : first), month);
  const [settled, sends] = await Promise.all([
    finalized.length > 0 ? repo.listSettledSends(db, vendorId) : Promise.resolve([]),
    amountsOwed(db, {
      ...(vendorId === undefined ? {} : { vendorId }),
      from: monthBounds(earliest).from,
      to: monthBounds(month).to,
    }),
  ]);
  return { finalized, settled, sends };
}

const sendNowOf = (line: AmountOwed): SendNow => ({
  sendId: line.sendId,
  month: newYorkMonth(new Date(line.sentAt)),
  owedCents: line.owedCents,
  netCents: line.netCents,
  grossCents: line.grossCents,
  refundedCents: line.refundedCents,
  quantity: line.quantity,
});

/** The books of one vendor out of books read for several. */
export function booksOf(books: Books, vendorId: string): Books {
  return {
    finalized: books.finalized.filter((total) => total.vendorId === vendorId),
    settled: books.settled.filter((send) => send.vendorId === vendorId),
    sends: books.sends.filter((send) => send.vendorId === vendorId),
  };
}

/** A vendor's open month, from its books: lines, adjustments and carried balances. */
export function openParts(books: Books, month: string): OpenParts {
  const finalizedMonths = new Set(books.finalized.map((total) => total.month));
  const lines = books.sends.filter((send) => newYorkMonth(new Date(send.sentAt)) === month);
  return {
    lines,
    adjustments: pendingAdjustments(month, finalizedMonths, books.settled, books.sends.map(sendNowOf)),
    carried: carriedBalances(month, finalizedMonths, books.finalized),
  };
}
