import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { emailDeliveries } from '#server/db/schema';
import type { QueueStatus } from './delivery-attempt';

/**
 * The delivery queue's SQL that its readers share: a send's states, a re-queue. What the worker itself writes (claims,
 * hand-overs, outcomes) is in queue/claims-repository.ts and queue/progress-repository.ts.
 */

export type DeliveryRow = typeof emailDeliveries.$inferSelect;

/** The send's own messages, one per vendor: not the follow-ups in their threads (answers to seed tests, reminders). */
export const isSendMessage = () => eq(emailDeliveries.kind, 'send');

/** Status of each message of a send (its vendors' messages, not follow-ups), with when it is due. */
export function listDeliveryStates(db: Db, sendId: number) {
  return db
    .select({ id: emailDeliveries.id, status: emailDeliveries.status, nextAttemptAt: emailDeliveries.nextAttemptAt })
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.sendId, sendId), isSendMessage()));
}

/** The provider's thread of a sent message (Gmail threadId), if it told us one. */
export async function findProviderThreadId(db: Db, deliveryId: number): Promise<string | null> {
  const [row] = await db
    .select({ threadId: emailDeliveries.providerThreadId })
    .from(emailDeliveries)
    .where(eq(emailDeliveries.id, deliveryId));
  return row?.threadId ?? null;
}

/**
 * Puts the send's own messages in one of `statuses` back in the queue, due now, with a fresh allowance of attempts
 * ('Send again', 'Retry failed' on the Deployment Log act on the vendors' messages, not on follow-ups).
 */
export function requeueDeliveries(
  db: Db,
  sendId: number,
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
        eq(emailDeliveries.sendId, sendId),
        isSendMessage(),
        inArray(emailDeliveries.status, statuses),
        vendorId === undefined ? undefined : eq(emailDeliveries.vendorId, vendorId),
      ),
    )
    .returning({ vendorId: emailDeliveries.vendorId });
}
