import { and, asc, eq, getTableColumns, getTableName, inArray, isNull, lt, lte, min, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { authorizedEmails, emailDeliveries, users } from '#server/db/schema';
import type { DeliveryRow } from '../deliveries-repository';

/** The SQL of claims: taking due deliveries, renewing their leases, giving them back, settling lapsed ones. */

/** A claimed delivery with its sender's standing as the claim found it (no user any more: senderEmail null). */
export type ClaimedDelivery = DeliveryRow & { senderEmail: string | null; isSenderAuthorized: boolean };

/** A claim as the row records it: the delivery and the attempt the claim counted. */
export interface ClaimRef {
  id: number;
  attempts: number;
}

/** Deliveries whose message is in the store `storeId` (or in a store not recorded: those from before it was). */
const isInStore = (storeId: string) => or(eq(emailDeliveries.storeId, storeId), isNull(emailDeliveries.storeId));

const SENDER_USER_ID = `"${getTableName(emailDeliveries)}"."${emailDeliveries.senderUserId.name}"`;

/** Rows still held by these claims: 'sending' on the attempt each claim counted. */
const isHeldBy = (claims: readonly ClaimRef[]) =>
  and(
    eq(emailDeliveries.status, 'sending'),
    or(...claims.map(({ id, attempts }) => and(eq(emailDeliveries.id, id), eq(emailDeliveries.attempts, attempts)))),
  );

/** A claim given back: pending again, due as it was, its attempt not counted. */
const backInQueue = (now: Date) => ({
  status: 'pending',
  attempts: sql`${emailDeliveries.attempts} - 1`,
  lockedUntil: null,
  claimToken: null,
  updatedAt: now,
});

/**
 * Claims up to `limit` due deliveries for this worker: one statement, so two workers (two app instances) never claim
 * the same row (FOR UPDATE SKIP LOCKED), and a claim counts as an attempt before anything is sent. Only deliveries
 * whose message is in this worker's file store `storeId`: another instance's own folder is out of its reach. Each row
 * comes back with its sender's standing (still a user, still on the authorized list), read in the same statement. A
 * claim is not a hand-over: until progress-repository records that its message went to the transport, a lapsed
 * claim goes back to the queue.
 */
export function claimDueDeliveries(
  db: Db,
  now: Date,
  limit: number,
  lockedUntil: Date,
  storeId: string,
  claimToken: string | null = null,
): Promise<ClaimedDelivery[]> {
  const due = db
    .select({ id: emailDeliveries.id })
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.status, 'pending'), lte(emailDeliveries.nextAttemptAt, now), isInStore(storeId)))
    .orderBy(asc(emailDeliveries.nextAttemptAt), asc(emailDeliveries.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(emailDeliveries)
    .set({
      status: 'sending',
      attempts: sql`${emailDeliveries.attempts} + 1`,
      lockedUntil,
      claimToken,
      handedOverAt: null,
      updatedAt: now,
    })
    .where(inArray(emailDeliveries.id, due))
    .returning({
      ...getTableColumns(emailDeliveries),
      // Qualified by hand: drizzle writes the columns of a RETURNING list without their table.
      senderEmail: sql<
        string | null
      >`(select sender.email from ${users} as sender where sender.id = ${sql.raw(SENDER_USER_ID)})`,
      isSenderAuthorized: sql<boolean>`exists (select 1 from ${users} as sender join ${authorizedEmails} as authorized on authorized.email = sender.email where sender.id = ${sql.raw(SENDER_USER_ID)})`,
    });
}

/** Extends the claims this worker still holds (its heartbeat), in one statement; answers the ids still held. */
export async function renewClaims(db: Db, claims: readonly ClaimRef[], lockedUntil: Date): Promise<Set<number>> {
  if (claims.length === 0) return new Set();
  const rows = await db
    .update(emailDeliveries)
    .set({ lockedUntil })
    .where(isHeldBy(claims))
    .returning({ id: emailDeliveries.id });
  return new Set(rows.map((row) => row.id));
}

/**
 * Gives back claims whose messages were never handed to the transport (the app is closing): pending again, due as they
 * were, their attempt not counted. Only claims this worker still holds.
 */
export async function releaseClaims(db: Db, claims: readonly ClaimRef[], now: Date): Promise<void> {
  if (claims.length === 0) return;
  await db
    .update(emailDeliveries)
    .set(backInQueue(now))
    .where(and(isHeldBy(claims), isNull(emailDeliveries.handedOverAt)));
}

/**
 * Gives back the rows of claims whose statement failed without an answer: the database may have committed them before
 * the connection dropped, but the worker never received those rows, so none of their messages was handed to the
 * transport. Pending again, due as they were, their attempt not counted; returns the rows given back.
 */
export function releaseUnansweredClaims(db: Db, claimTokens: readonly string[], now: Date) {
  return db
    .update(emailDeliveries)
    .set(backInQueue(now))
    .where(
      and(
        inArray(emailDeliveries.claimToken, [...claimTokens]),
        eq(emailDeliveries.status, 'sending'),
        isNull(emailDeliveries.handedOverAt),
      ),
    )
    .returning({ id: emailDeliveries.id, sendId: emailDeliveries.sendId });
}

/**
 * Claims whose holder vanished (the process died, so its heartbeat stopped renewing them), settled in one statement. A
 * message handed to the transport may have gone out: 'uncertain', for a person to decide, never retried blindly. One
 * never handed over was not sent: pending again, due as it was, its attempt not counted, for any live worker.
 */
export function settleLapsedClaims(db: Db, now: Date, uncertainMessage: string) {
  const isHandedOver = sql`${emailDeliveries.handedOverAt} is not null`;
  return db
    .update(emailDeliveries)
    .set({
      status: sql`case when ${isHandedOver} then 'uncertain' else 'pending' end`,
      attempts: sql`case when ${isHandedOver} then ${emailDeliveries.attempts} else ${emailDeliveries.attempts} - 1 end`,
      lastError: sql`case when ${isHandedOver} then ${uncertainMessage} else ${emailDeliveries.lastError} end`,
      lockedUntil: null,
      claimToken: null,
      updatedAt: now,
    })
    .where(and(eq(emailDeliveries.status, 'sending'), lt(emailDeliveries.lockedUntil, now)))
    .returning({ sendId: emailDeliveries.sendId, status: emailDeliveries.status });
}

/** One round trip: whether the database answers again after a failed pass. */
export async function databaseAnswers(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

export async function nextDueAt(db: Db, storeId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(emailDeliveries.nextAttemptAt) })
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.status, 'pending'), isInStore(storeId)));
  return row?.at ?? null;
}
