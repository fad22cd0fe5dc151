import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { emailDeliveries, emailLogs, storedFiles } from '#server/db/schema';
import { isSendMessage } from '#server/mail/deliveries-repository';
import { recordAudit, type Actor } from '../audit';
import { recordStoredFiles } from '../files';
import {
  insertTrackedDeliveries,
  type FileInsert,
  type TrackDeliveries,
  type TrackedDeliveryInsert,
} from './repository';

export type LogRow = typeof emailLogs.$inferSelect;

export async function findLog(db: Db, sendId: number): Promise<LogRow | undefined> {
  const [row] = await db.select().from(emailLogs).where(eq(emailLogs.id, sendId));
  return row;
}

/** Names and types of stored files, by key. */
export function listFiles(db: Db, keys: string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .select({ key: storedFiles.key, fileName: storedFiles.fileName, contentType: storedFiles.contentType })
    .from(storedFiles)
    .where(inArray(storedFiles.key, keys));
}

/** The vendors a send went to (its own and those added later), in the order they were added. */
export function listLogVendors(db: Db, sendId: number) {
  return db
    .select({
      vendorId: emailDeliveries.vendorId,
      vendorName: emailDeliveries.vendorName,
      emlKey: emailDeliveries.emlKey,
    })
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.sendId, sendId), isSendMessage()))
    .orderBy(asc(emailDeliveries.id));
}

/** The deliveries an earlier 'Add vendors' by this user with the same Idempotency-Key made, if any. */
export function findAddition(db: Db, sendId: number, userId: number, key: string) {
  return db
    .select({ vendorId: emailDeliveries.vendorId, additionHash: emailDeliveries.additionHash })
    .from(emailDeliveries)
    .where(
      and(
        eq(emailDeliveries.sendId, sendId),
        eq(emailDeliveries.addedByUserId, userId),
        eq(emailDeliveries.additionKey, key),
        isSendMessage(),
      ),
    )
    .orderBy(asc(emailDeliveries.id));
}

/** The added vendors' files and deliveries, their names on the entry, and the audit record: all or nothing. */
export async function insertAddedDeliveries(
  db: Db,
  sendId: number,
  files: FileInsert[],
  deliveries: TrackedDeliveryInsert[],
  actor: Actor,
  at: Date,
  trackDeliveries: TrackDeliveries,
) {
  await db.transaction(async (tx) => {
    await recordStoredFiles(tx, files);
    await insertTrackedDeliveries(tx, sendId, deliveries, trackDeliveries);
    const names = deliveries.map((delivery) => delivery.vendorName);
    await tx
      .update(emailLogs)
      .set({ vendors: sql`${emailLogs.vendors} || ${JSON.stringify(names)}::jsonb` })
      .where(eq(emailLogs.id, sendId));
    await recordAudit(
      tx,
      actor,
      {
        action: 'add-vendors',
        entity: 'send',
        entityId: sendId,
        after: {
          vendors: deliveries.map((delivery) => ({
            vendorId: delivery.vendorId,
            vendorName: delivery.vendorName,
            terms: delivery.terms,
          })),
        },
      },
      at,
    );
  });
}
