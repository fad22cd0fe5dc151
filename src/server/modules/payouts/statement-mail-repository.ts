import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { emailDeliveries, users, vendors } from '#server/db/schema';
import { enqueueOnce, requeueFailedDelivery, type DeliveryInsert } from '#server/mail/enqueue-repository';
import { recordStoredFile, type StoredFileInsert } from '../files';

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
export async function insertStatementMail(tx: Db, row: DeliveryInsert, file: StoredFileInsert): Promise<number | null> {
  const id = await enqueueOnce(tx, row, 'statement');
  if (id === null) return null;
  await recordStoredFile(tx, file);
  return id;
}

/** A statement's message that failed, due again now with a fresh allowance of attempts; false when it is not failed. */
export const requeueFailedStatementMail = requeueFailedDelivery;
