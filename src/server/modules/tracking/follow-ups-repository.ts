import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { deploymentTracking, emailDeliveries, users } from '#server/db/schema';
import { isSendMessage } from '#server/mail/deliveries-repository';
import { enqueueOnce, type DeliveryInsert } from '#server/mail/enqueue-repository';
import { recordStoredFile, type StoredFileInsert } from '../files';

/** The SQL of follow-ups: the original they answer, who wrote them, and their queue row. */

/** A transaction of the database, as `db.transaction` hands it over. */

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
export async function insertFollowUp(tx: Tx, row: DeliveryInsert, file: StoredFileInsert): Promise<number | null> {
  const id = await enqueueOnce(tx, row, 'follow-up');
  if (id === null) return null;
  await recordStoredFile(tx, file);
  return id;
}
