import { and, asc, desc, eq, inArray, isNotNull, lt, lte, min, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { authorizedEmails, emailDeliveries, emailLogs, storedFiles, users } from '#server/db/schema';

export type LogInsert = typeof emailLogs.$inferInsert;
export type DeliveryInsert = Omit<typeof emailDeliveries.$inferInsert, 'logId'>;
export type FileInsert = typeof storedFiles.$inferInsert;
export type DeliveryRow = typeof emailDeliveries.$inferSelect;

/** The send, its files, its log entry and one delivery per vendor: all or nothing. */
export async function insertSend(db: Db, log: LogInsert, files: FileInsert[], deliveries: DeliveryInsert[]): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(emailLogs).values(log).returning({ id: emailLogs.id });
    if (files.length > 0) await tx.insert(storedFiles).values(files).onConflictDoNothing();
    await tx.insert(emailDeliveries).values(deliveries.map((delivery) => ({ ...delivery, logId: row!.id })));
    return row!.id;
  });
}

export async function findLogByIdempotencyKey(db: Db, userId: number, key: string) {
  const [row] = await db
    .select({ id: emailLogs.id, requestHash: emailLogs.requestHash })
    .from(emailLogs)
    .where(and(eq(emailLogs.userId, userId), eq(emailLogs.idempotencyKey, key)));
  return row;
}

/** Who made a send (null when their account was deleted), or undefined when there is no such send. */
export async function findLogSender(db: Db, logId: number): Promise<{ userId: number | null } | undefined> {
  const [row] = await db.select({ userId: emailLogs.userId }).from(emailLogs).where(eq(emailLogs.id, logId));
  return row;
}

export async function haveFilesBeenRemoved(db: Db, logId: number): Promise<boolean> {
  return (await db.$count(emailLogs, and(eq(emailLogs.id, logId), isNotNull(emailLogs.filesRemovedAt)))) > 0;
}

/** Status of each delivery of a send, with when it is due. */
export function listDeliveryStates(db: Db, logId: number) {
  return db
    .select({ status: emailDeliveries.status, nextAttemptAt: emailDeliveries.nextAttemptAt })
    .from(emailDeliveries)
    .where(eq(emailDeliveries.logId, logId));
}

/**
 * Claims up to `limit` due deliveries for this worker: one statement, so two workers (two app instances) never claim
 * the same row (FOR UPDATE SKIP LOCKED), and a claim counts as an attempt before anything is sent.
 */
export function claimDueDeliveries(db: Db, now: Date, limit: number, lockedUntil: Date): Promise<DeliveryRow[]> {
  const due = db
    .select({ id: emailDeliveries.id })
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.status, 'pending'), lte(emailDeliveries.nextAttemptAt, now)))
    .orderBy(asc(emailDeliveries.nextAttemptAt), asc(emailDeliveries.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(emailDeliveries)
    .set({ status: 'sending', attempts: sql`${emailDeliveries.attempts} + 1`, lockedUntil, updatedAt: now })
    .where(inArray(emailDeliveries.id, due))
    .returning();
}

export interface AttemptResult {
  status: 'pending' | 'sent' | 'failed' | 'uncertain';
  lastError: string | null;
  nextAttemptAt?: Date;
  sentAt?: Date;
  providerId?: string;
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

/**
 * Claims whose holder vanished (the process died mid-send): the message may have gone out, so they become 'uncertain'
 * for a person to decide, never retried blindly.
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

export async function nextDueAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(emailDeliveries.nextAttemptAt) })
    .from(emailDeliveries)
    .where(eq(emailDeliveries.status, 'pending'));
  return row?.at ?? null;
}

/** Puts deliveries of a send in one of `statuses` back in the queue, due now, with a fresh allowance of attempts. */
export function requeueDeliveries(
  db: Db,
  logId: number,
  statuses: string[],
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

export async function findDelivery(db: Db, logId: number, vendorId: string) {
  const [row] = await db
    .select()
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.logId, logId), eq(emailDeliveries.vendorId, vendorId)));
  return row;
}

export interface LogFilters {
  client?: string;
  vendor?: string;
  q?: string;
  limit: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Log entries newest first, with their deliveries in vendor order. */
export async function listLogs(db: Db, filters: LogFilters) {
  const conditions: SQL[] = [];
  if (filters.client) {
    conditions.push(sql`(${emailLogs.clientSlug} = ${filters.client} or lower(${emailLogs.clientName}) = lower(${filters.client}))`);
  }
  if (filters.vendor) {
    conditions.push(
      sql`exists (select 1 from ${emailDeliveries} where ${emailDeliveries.logId} = ${emailLogs.id} and (${emailDeliveries.vendorId} = ${filters.vendor} or lower(${emailDeliveries.vendorName}) = lower(${filters.vendor})))`,
    );
  }
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    conditions.push(sql`exists (select 1 from unnest(${emailLogs.subjects}) as subject where subject ilike ${pattern})`);
  }
  const logs = await db
    .select()
    .from(emailLogs)
    .where(and(...conditions))
    .orderBy(desc(emailLogs.sentAt), desc(emailLogs.id))
    .limit(filters.limit);
  if (logs.length === 0) return [];
  const deliveries = await db
    .select({
      logId: emailDeliveries.logId,
      vendorId: emailDeliveries.vendorId,
      vendorName: emailDeliveries.vendorName,
      status: emailDeliveries.status,
      lastError: emailDeliveries.lastError,
      attempts: emailDeliveries.attempts,
      sentAt: emailDeliveries.sentAt,
      nextAttemptAt: emailDeliveries.nextAttemptAt,
    })
    .from(emailDeliveries)
    .where(inArray(emailDeliveries.logId, logs.map((log) => log.id)))
    .orderBy(asc(emailDeliveries.id));
  return logs.map((log) => ({ log, deliveries: deliveries.filter((delivery) => delivery.logId === log.id) }));
}
