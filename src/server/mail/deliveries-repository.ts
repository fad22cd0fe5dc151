import {
  and,
  asc,
  eq,
  getTableColumns,
  getTableName,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  min,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { authorizedEmails, deploymentTracking, emailDeliveries, storedFiles, users } from '#server/db/schema';
import type { AttemptResult, QueueStatus } from './delivery-attempt';

/** The delivery queue's own SQL: what is due, who holds it, how an attempt ended. */

export type DeliveryRow = typeof emailDeliveries.$inferSelect;

/** A claimed delivery with its sender's standing as the claim found it (no user any more: senderEmail null). */
export type ClaimedDelivery = DeliveryRow & { senderEmail: string | null; isSenderAuthorized: boolean };

/** The send's own messages, one per vendor: not the follow-ups in their threads (answers to seed tests, reminders). */
export const isSendMessage = () => eq(emailDeliveries.kind, 'send');

/** Status of each message of a send (its vendors' messages, not follow-ups), with when it is due. */
export function listDeliveryStates(db: Db, logId: number) {
  return db
    .select({ id: emailDeliveries.id, status: emailDeliveries.status, nextAttemptAt: emailDeliveries.nextAttemptAt })
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.logId, logId), isSendMessage()));
}

/** The provider's thread of a sent message (Gmail threadId), if it told us one. */
export async function findProviderThreadId(db: Db, deliveryId: number): Promise<string | null> {
  const [row] = await db
    .select({ threadId: emailDeliveries.providerThreadId })
    .from(emailDeliveries)
    .where(eq(emailDeliveries.id, deliveryId));
  return row?.threadId ?? null;
}

/** Deliveries whose message is in the store `storeId` (or in a store not recorded: those from before it was). */
const isInStore = (storeId: string) => or(eq(emailDeliveries.storeId, storeId), isNull(emailDeliveries.storeId));

const SENDER_USER_ID = `"${getTableName(emailDeliveries)}"."${emailDeliveries.senderUserId.name}"`;

/**
 * Claims up to `limit` due deliveries for this worker: one statement, so two workers (two app instances) never claim
 * the same row (FOR UPDATE SKIP LOCKED), and a claim counts as an attempt before anything is sent. Only deliveries
 * whose message is in this worker's file store `storeId`: another instance's own folder is out of its reach. Each row
 * comes back with its sender's standing (still a user, still on the authorized list), read in the same statement.
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
    .set({ status: 'sending', attempts: sql`${emailDeliveries.attempts} + 1`, lockedUntil, claimToken, updatedAt: now })
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

/** One attempt's outcome to record: the claim it ends (id and attempt number) and how it ended. */
export interface Finish {
  id: number;
  attempts: number;
  result: AttemptResult;
}

/**
 * Each field of an attempt's result, with its column and SQL type: a field added to AttemptResult fails the type check
 * here until it is given its column, so no outcome is ever recorded without it. Optional fields keep the row's value
 * when a result has none.
 */
const RESULT_COLUMNS = {
  status: { column: emailDeliveries.status, type: 'text', isOptional: false },
  lastError: { column: emailDeliveries.lastError, type: 'text', isOptional: false },
  nextAttemptAt: { column: emailDeliveries.nextAttemptAt, type: 'timestamptz', isOptional: true },
  sentAt: { column: emailDeliveries.sentAt, type: 'timestamptz', isOptional: true },
  providerId: { column: emailDeliveries.providerId, type: 'text', isOptional: true },
  providerThreadId: { column: emailDeliveries.providerThreadId, type: 'text', isOptional: true },
} as const satisfies {
  [K in keyof Required<AttemptResult>]: { column: { name: string }; type: string; isOptional: boolean };
};
const RESULT_FIELDS = Object.keys(RESULT_COLUMNS) as (keyof typeof RESULT_COLUMNS)[];

/**
 * Records the outcomes of several attempts in one statement; returns the ids recorded. An outcome whose claim was lost
 * meanwhile (it expired, and the row is no longer this attempt's 'sending') is not: its id is missing from the answer.
 */
export async function finishAttempts(db: Db, finishes: readonly Finish[], now: Date): Promise<Set<number>> {
  if (finishes.length === 0) return new Set();
  const cell = (value: unknown, type: string) => {
    const plain = value instanceof Date ? value.toISOString() : (value ?? null);
    return sql`${plain}::${sql.raw(type)}`;
  };
  const rows = finishes.map(({ id, attempts, result }) =>
    sql.join(
      [
        cell(id, 'integer'),
        cell(attempts, 'integer'),
        ...RESULT_FIELDS.map((field) => cell(result[field], RESULT_COLUMNS[field].type)),
      ],
      sql`, `,
    ),
  );
  const outcomes = sql`(values ${sql.join(
    rows.map((row) => sql`(${row})`),
    sql`, `,
  )}) as outcome(id, attempts, ${sql.raw(RESULT_FIELDS.map((field) => RESULT_COLUMNS[field].column.name).join(', '))})`;
  const set: Record<string, SQL> = {};
  for (const field of RESULT_FIELDS) {
    const { column, isOptional } = RESULT_COLUMNS[field];
    const value = sql.raw(`outcome.${column.name}`);
    set[field] = isOptional ? sql`coalesce(${value}, ${column})` : value;
  }
  const recorded = await db
    .update(emailDeliveries)
    .set({ ...set, lockedUntil: null, claimToken: null, updatedAt: now })
    .from(outcomes)
    .where(
      and(
        eq(emailDeliveries.id, sql`outcome.id`),
        eq(emailDeliveries.status, 'sending'),
        eq(emailDeliveries.attempts, sql`outcome.attempts`),
      ),
    )
    .returning({ id: emailDeliveries.id });
  return new Set(recorded.map((row) => row.id));
}

/**
 * Gives back claims whose messages were never handed to the transport (the app is closing): pending again, due as they
 * were, their attempt not counted. Only claims this worker still holds.
 */
export async function releaseClaims(
  db: Db,
  claims: readonly { id: number; attempts: number }[],
  now: Date,
): Promise<void> {
  for (const { id, attempts } of claims) {
    await db
      .update(emailDeliveries)
      .set({ status: 'pending', attempts: attempts - 1, lockedUntil: null, claimToken: null, updatedAt: now })
      .where(
        and(eq(emailDeliveries.id, id), eq(emailDeliveries.status, 'sending'), eq(emailDeliveries.attempts, attempts)),
      );
  }
}

/**
 * Gives back the rows of claims whose statement failed without an answer: the database may have committed them before
 * the connection dropped, but the worker never received those rows, so none of their messages was handed to the
 * transport. Pending again, due as they were, their attempt not counted; returns the rows given back.
 */
export function releaseUnansweredClaims(db: Db, claimTokens: readonly string[], now: Date) {
  return db
    .update(emailDeliveries)
    .set({
      status: 'pending',
      attempts: sql`${emailDeliveries.attempts} - 1`,
      lockedUntil: null,
      claimToken: null,
      updatedAt: now,
    })
    .where(and(inArray(emailDeliveries.claimToken, [...claimTokens]), eq(emailDeliveries.status, 'sending')))
    .returning({ id: emailDeliveries.id, logId: emailDeliveries.logId });
}

/** Makes the listed deliveries that still wait for a retry due now (the mail server that was away answers again). */
export function bringForward(db: Db, ids: readonly number[], now: Date) {
  return db
    .update(emailDeliveries)
    .set({ nextAttemptAt: now, updatedAt: now })
    .where(
      and(
        inArray(emailDeliveries.id, [...ids]),
        eq(emailDeliveries.status, 'pending'),
        gt(emailDeliveries.nextAttemptAt, now),
      ),
    )
    .returning({ id: emailDeliveries.id });
}

/** Extends a claim this worker still holds (its heartbeat while sending); false when the claim was lost. */
export async function renewClaim(db: Db, id: number, attempts: number, lockedUntil: Date): Promise<boolean> {
  const rows = await db
    .update(emailDeliveries)
    .set({ lockedUntil })
    .where(
      and(eq(emailDeliveries.id, id), eq(emailDeliveries.status, 'sending'), eq(emailDeliveries.attempts, attempts)),
    )
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
    .set({ status: 'uncertain', lastError: message, lockedUntil: null, claimToken: null, updatedAt: now })
    .where(and(eq(emailDeliveries.status, 'sending'), lt(emailDeliveries.lockedUntil, now)))
    .returning({ logId: emailDeliveries.logId });
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
    .select({
      delivery: emailDeliveries,
      content: deploymentTracking.content,
      senderEmail: users.email,
      senderFirstName: users.firstName,
    })
    .from(emailDeliveries)
    .leftJoin(deploymentTracking, eq(deploymentTracking.deliveryId, emailDeliveries.id))
    .leftJoin(users, eq(users.id, emailDeliveries.senderUserId))
    .where(and(eq(emailDeliveries.id, deliveryId), isSendMessage()));
  return row;
}

/** The person who wrote a follow-up: their address and first name, which sign it. */
export async function findFollowUpWriter(
  db: Db,
  userId: number,
): Promise<{ email: string; firstName: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
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
