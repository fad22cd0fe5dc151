import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { emailDeliveries, storedFiles, users, vendors } from '#server/db/schema';

/** A statement's message in the delivery queue, as its history shows it. */
export async function findStatementMail(db: Db, statementId: number) {
  const [row] = await db
    .select({
      id: emailDeliveries.id,
      status: emailDeliveries.status,
      queuedAt: emailDeliveries.createdAt,
      sentAt: emailDeliveries.sentAt,
      byEmail: sql<string>`coalesce(${users.email}, ${emailDeliveries.fromAddress})`,
      to: emailDeliveries.toAddresses,
      cc: emailDeliveries.ccAddresses,
      lastError: emailDeliveries.lastError,
    })
    .from(emailDeliveries)
    .leftJoin(users, eq(users.id, emailDeliveries.senderUserId))
    .where(and(eq(emailDeliveries.statementId, statementId), eq(emailDeliveries.kind, 'statement')));
  return row;
}

export type StatementMailRow = NonNullable<Awaited<ReturnType<typeof findStatementMail>>>;

/** The vendor's addresses, as Vendor Management has them now (none for a vendor since deleted). */
export async function vendorAddresses(db: Db, vendorId: string): Promise<string[]> {
  const [row] = await db.select({ emails: vendors.emails }).from(vendors).where(eq(vendors.vendorId, vendorId));
  return row?.emails ?? [];
}

/**
 * Queues the statement's message with its stored file; null when the statement already has one (the unique index on
 * statement_id): two clicks or two admins queue one message.
 */
export async function insertStatementMail(
  tx: Db,
  row: typeof emailDeliveries.$inferInsert,
  file: typeof storedFiles.$inferInsert,
): Promise<number | null> {
  const [inserted] = await tx.insert(emailDeliveries).values(row).onConflictDoNothing().returning({
    id: emailDeliveries.id,
  });
  if (!inserted) return null;
  await tx.insert(storedFiles).values(file);
  return inserted.id;
}

/** A statement's message that failed, due again now with a fresh allowance of attempts; false when it is not failed. */
export async function requeueFailedStatementMail(
  tx: Db,
  deliveryId: number,
  now: Date,
  maxAttempts: number,
): Promise<boolean> {
  const updated = await tx
    .update(emailDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: now,
      maxAttempts: sql`${emailDeliveries.attempts} + ${maxAttempts}`,
      lastError: null,
      updatedAt: now,
    })
    .where(and(eq(emailDeliveries.id, deliveryId), eq(emailDeliveries.status, 'failed')))
    .returning({ id: emailDeliveries.id });
  return updated.length > 0;
}
