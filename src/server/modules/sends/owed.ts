import type { AmountOwedView, OwedTotal } from '#shared/contracts/responses/owed';
import type { Db } from '#server/db/client';

/** What the screens that follow sends show of the amounts owed: per vendor of a send, and per send. */
export interface SendsOwed {
  /** A vendor's amount owed for a send; null while the send has no results for it. */
  of(sendId: number, vendorId: string): AmountOwedView | null;
  /** The send's amounts owed added up over its vendors with results; null when none has any. */
  totalOf(sendId: number): OwedTotal | null;
}

/**
 * The amounts owed of some sends, as payouts works them out. Payouts sits above the send and tracking, so neither
 * calls it: the app's context hands payouts' reading to the Deployment Log and the Tracking board (app-context.ts).
 */
export type OwedOfSends = (db: Db, sendIds: readonly number[]) => Promise<SendsOwed>;
