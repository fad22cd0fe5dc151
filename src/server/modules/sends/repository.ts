import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { deploymentTracking, emailDeliveries, emailLogs, storedFiles } from '#server/db/schema';
import { enqueueDeliveries } from '#server/mail/enqueue-repository';
import { recordAudit, type Actor } from '../audit';
import { recordStoredFiles } from '../files';

export type LogInsert = typeof emailLogs.$inferInsert;
export type DeliveryInsert = Omit<typeof emailDeliveries.$inferInsert, 'sendId'>;
export type FileInsert = typeof storedFiles.$inferInsert;
/** Each delivery's tracking row (issue 14) but the keys the insert gives it. */
export type TrackingInsert = Omit<typeof deploymentTracking.$inferInsert, 'deliveryId' | 'sendId'>;
export type TrackedDeliveryInsert = DeliveryInsert & { tracking: TrackingInsert };
/**
 * Writes the first tracking row of each delivery, inside the send's transaction. Tracking owns deployment_tracking and
 * sits above the send, so the app hands its insert in (AppContext.trackDeliveries).
 */
export type TrackDeliveries = (tx: Tx, rows: readonly (typeof deploymentTracking.$inferInsert)[]) => Promise<void>;

/** A send's deliveries with each one's tracking row, inside the caller's transaction. */
export async function insertTrackedDeliveries(
  tx: Tx,
  sendId: number,
  deliveries: readonly TrackedDeliveryInsert[],
  trackDeliveries: TrackDeliveries,
): Promise<void> {
  if (deliveries.length === 0) return;
  const inserted = await enqueueDeliveries(
    tx,
    deliveries.map(({ tracking: _, ...delivery }) => ({ ...delivery, sendId })),
  );
  const trackingOf = new Map(deliveries.map((delivery) => [delivery.vendorId, delivery.tracking]));
  await trackDeliveries(
    tx,
    inserted.map(({ id, vendorId }) => ({ ...trackingOf.get(vendorId)!, deliveryId: id, sendId })),
  );
}

/** The send, its files, its log entry and one delivery per vendor with its tracking row: all or nothing. */
export async function insertSend(
  db: Db,
  log: LogInsert,
  files: FileInsert[],
  deliveries: TrackedDeliveryInsert[],
  trackDeliveries: TrackDeliveries,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(emailLogs).values(log).returning({ id: emailLogs.id });
    await recordStoredFiles(tx, files);
    await insertTrackedDeliveries(tx, row!.id, deliveries, trackDeliveries);
    return row!.id;
  });
}

/** The earlier send this user made with the same Idempotency-Key, if any. */
export async function findSendByIdempotencyKey(db: Db, userId: number, key: string) {
  const [row] = await db
    .select({ id: emailLogs.id, requestHash: emailLogs.requestHash })
    .from(emailLogs)
    .where(and(eq(emailLogs.userId, userId), eq(emailLogs.idempotencyKey, key)));
  return row;
}

/** Turns a send's reminders on or off with its audit entry; false when there is no such send. */
export async function setRemindersEnabled(db: Db, sendId: number, enabled: boolean, actor: Actor, now: Date) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(emailLogs)
      .set({ remindersEnabled: enabled })
      .where(eq(emailLogs.id, sendId))
      .returning({ id: emailLogs.id });
    if (rows.length === 0) return false;
    const after = { remindersEnabled: enabled };
    await recordAudit(
      tx,
      actor,
      { action: enabled ? 'reminders-on' : 'reminders-off', entity: 'send', entityId: sendId, before: null, after },
      now,
    );
    return true;
  });
}

/** Notes when these sends' stored files were removed (retention), inside the caller's transaction. */
export async function markSendFilesRemoved(tx: Db | Tx, sendIds: readonly number[], now: Date): Promise<void> {
  await tx
    .update(emailLogs)
    .set({ filesRemovedAt: now })
    .where(inArray(emailLogs.id, [...sendIds]));
}
