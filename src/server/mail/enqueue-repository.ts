import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { emailDeliveries } from '#server/db/schema';

// The delivery queue owns email_deliveries: the modules put their messages in it (and a failed one back) here, inside
// their own transactions; the worker claims and settles them (claims-repository, progress-repository).

export type DeliveryInsert = typeof emailDeliveries.$inferInsert;

/** Queues messages; answers each row's id and vendor. */
export function enqueueDeliveries(tx: Db | Tx, rows: readonly DeliveryInsert[]) {
  return tx
    .insert(emailDeliveries)
    .values([...rows])
    .returning({ id: emailDeliveries.id, vendorId: emailDeliveries.vendorId });
}

/**
 * Queues one message unless the queue holds it already (a statement's message by its unique statement_id; a follow-up
 * by its original and key): its id, or null when nothing was written.
 */
export async function enqueueOnce(tx: Db | Tx, row: DeliveryInsert, unique: 'statement' | 'follow-up') {
  const insert = tx.insert(emailDeliveries).values(row);
  const [inserted] = await (
    unique === 'follow-up'
      ? insert.onConflictDoNothing({ target: [emailDeliveries.replyToDeliveryId, emailDeliveries.followUpKey] })
      : insert.onConflictDoNothing()
  ).returning({ id: emailDeliveries.id });
  return inserted?.id ?? null;
}

/** A failed message, due again now with a fresh allowance of attempts; false when it is not failed. */
export async function requeueFailedDelivery(
  tx: Db | Tx,
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
