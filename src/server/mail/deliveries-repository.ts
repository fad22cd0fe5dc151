import { and, asc, eq, inArray, isNull, lt, lte, min, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { authorizedEmails, emailDeliveries, users } from '#server/db/schema';
import type { AttemptResult, QueueStatus } from './delivery-attempt';

/** The delivery queue's own SQL: what is due, who holds it, how an attempt ended. */

export type DeliveryRow = typeof emailDeliveries.$inferSelect;

/** Status of each delivery of a send, with when it is due. */
export function listDeliveryStates(db: Db, logId: number) {
  return db
    .select({ status: emailDeliveries.status, nextAttemptAt: emailDeliveries.nextAttemptAt })
    .from(emailDeliveries)
    .where(eq(emailDeliveries.logId, logId));
}

/** Deliveries whose message is in the store `storeId` (or in a store not recorded: those from before it was). */
const isInStore = (storeId: string) => or(eq(emailDeliveries.storeId, storeId), isNull(emailDeliveries.storeId));

/**
 * Claims up to `limit` due deliveries for this worker: one statement, so two workers (two app instances) never claim
 * the same row (FOR UPDATE SKIP LOCKED), and a claim counts as an attempt before anything is sent. Only deliveries
 * whose message is in this worker's file store `storeId`: another instance's own folder is out of its reach.
 */
export function claimDueDeliveries(db: Db, now: Date, limit: number, lockedUntil: Date, storeId: string): Promise<DeliveryRow[]> {
  const due = db
    .select({ id: emailDeliveries.id })
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.status, 'pending'), lte(emailDeliveries.nextAttemptAt, now), isInStore(storeId)))
    .orderBy(asc(emailDeliveries.nextAttemptAt), asc(emailDeliveries.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(emailDeliveries)
    .set({ status: 'sending', attempts: sql`${emailDeliveries.attempts} + 1`, lockedUntil, updatedAt: now })
    .where(inArray(emailDeliveries.id, due))
    .returning();
}

/** Records the outcome of the attempt this worker claimed; false when the claim was lost meanwhile (it expired). */
export async function finishAttempt(db: Db, id: number, attempts: number, result: AttemptResult, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailDeliveries)
    .set({ ...result, lockedUntil: null, updatedAt: now })
    .where(and(eq(emailDeliveries.id, id), eq(emailDeliveries.status, 'sending'), eq(emailDeliveries.attempts, attempts)))
    .returning({ id: emailDeliveries.id });
  return rows.length > 0;
}

/** Extends a claim this worker still holds (its heartbeat while sending); false when the claim was lost. */
export async function renewClaim(db: Db, id: number, attempts: number, lockedUntil: Date): Promise<boolean> {
  const rows = await db
    .update(emailDeliveries)
    .set({ lockedUntil })
    .where(and(eq(emailDeliveries.id, id), eq(emailDeliveries.status, 'sending'), eq(emailDeliveries.attempts, attempts)))
    .returning({ id: emailDeliveries.id });
  return rows.length > 0;
}

/**
 * Claims whose holder vanished (the process died mid-send, so its heartbeat stopped renewing them): the message may
 * have gone out, so they become 'uncertain' for a person to decide, never retried blindly.
 */
export function expireStaleClaims(db: Db, now: Date, message: string) {
  return db
    .update(emailDeliveries)
    .set({ status: 'uncertain', lastError: message, lockedUntil: null, updatedAt: now })
    .where(and(eq(emailDeliveries.status, 'sending'), lt(emailDeliveries.lockedUntil, now)))
    .returning({ logId: emailDeliveries.logId });
}

/** The sender's address and whether it is still on the authorized list (undefined: no such user any more). */
export async function findSenderStanding(db: Db, userId: number): Promise<{ email: string; isAuthorized: boolean } | undefined> {
  const [row] = await db
    .select({ email: users.email, authorizedId: authorizedEmails.id })
    .from(users)
    .leftJoin(authorizedEmails, eq(authorizedEmails.email, users.email))
    .where(eq(users.id, userId));
  return row && { email: row.email, isAuthorized: row.authorizedId !== null };
}

export async function nextDueAt(db: Db, storeId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(emailDeliveries.nextAttemptAt) })
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.status, 'pending'), isInStore(storeId)));
  return row?.at ?? null;
}

/** Puts deliveries of a send in one of `statuses` back in the queue, due now, with a fresh allowance of attempts. */
export function requeueDeliveries(
  db: Db,
  logId: number,
  statuses: QueueStatus[],
  now: Date,
  attemptAllowance: number,
  vendorId?: string,
) {
  return db
    .update(emailDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: now,
      lockedUntil: null,
      maxAttempts: sql`${emailDeliveries.attempts} + ${attemptAllowance}`,
      updatedAt: now,
    })
    .where(
      and(
        eq(emailDeliveries.logId, logId),
        inArray(emailDeliveries.status, statuses),
        vendorId === undefined ? undefined : eq(emailDeliveries.vendorId, vendorId),
      ),
    )
    .returning({ vendorId: emailDeliveries.vendorId });
}
