import { and, asc, eq, inArray, isNull, lt, lte, min, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { authorizedEmails, deploymentTracking, emailDeliveries, storedFiles, users } from '#server/db/schema';
import type { AttemptResult, QueueStatus } from './delivery-attempt';

/** The delivery queue's own SQL: what is due, who holds it, how an attempt ended. */

export type DeliveryRow = typeof emailDeliveries.$inferSelect;

/** The send's own messages, one per vendor: not the follow-ups in their threads (answers to seed tests, reminders). */
export const isSendMessage = () => eq(emailDeliveries.kind, 'send');

/** Status of each message of a send (its vendors' messages, not follow-ups), with when it is due. */
export function listDeliveryStates(db: Db, logId: number) {
  return db
    .select({ status: emailDeliveries.status, nextAttemptAt: emailDeliveries.nextAttemptAt })
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.logId, logId), isSendMessage()));
}

/** The provider's thread of a sent message (Gmail threadId), if it told us one. */
export async function findProviderThreadId(db: Db, deliveryId: number): Promise<string | null> {
  const [row] = await db.select({ threadId: emailDeliveries.providerThreadId }).from(emailDeliveries).where(eq(emailDeliveries.id, deliveryId));
  return row?.threadId ?? null;
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

/**
 * Puts the send's own messages in one of `statuses` back in the queue, due now, with a fresh allowance of attempts
 * ('Send again', 'Retry failed' on the Deployment Log act on the vendors' messages, not on follow-ups).
 */
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
        isSendMessage(),
        inArray(emailDeliveries.status, statuses),
        vendorId === undefined ? undefined : eq(emailDeliveries.vendorId, vendorId),
      ),
    )
    .returning({ vendorId: emailDeliveries.vendorId });
}

/** A transaction of the database, as `db.transaction` hands it over. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a follow-up needs of the vendor's message it answers: the row, its tracking content (the subject), its sender. */
export async function findFollowUpOriginal(db: Db, deliveryId: number) {
  const [row] = await db
    .select({ delivery: emailDeliveries, content: deploymentTracking.content, senderEmail: users.email, senderFirstName: users.firstName })
    .from(emailDeliveries)
    .leftJoin(deploymentTracking, eq(deploymentTracking.deliveryId, emailDeliveries.id))
    .leftJoin(users, eq(users.id, emailDeliveries.senderUserId))
    .where(and(eq(emailDeliveries.id, deliveryId), isSendMessage()));
  return row;
}

/**
 * Writes a follow-up's queue row and its stored file's row; answers its id, or null when the original already has a
 * follow-up with this key (nothing is written).
 */
export async function insertFollowUp(
  tx: Tx,
  row: typeof emailDeliveries.$inferInsert,
  file: typeof storedFiles.$inferInsert,
): Promise<number | null> {
  const [inserted] = await tx
    .insert(emailDeliveries)
    .values(row)
    .onConflictDoNothing({ target: [emailDeliveries.replyToDeliveryId, emailDeliveries.followUpKey] })
    .returning({ id: emailDeliveries.id });
  if (!inserted) return null;
  await tx.insert(storedFiles).values(file);
  return inserted.id;
}
