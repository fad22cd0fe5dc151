import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { emailDeliveries, emailLogs, storedFiles, users } from '#server/db/schema';

export type LogInsert = typeof emailLogs.$inferInsert;
export type DeliveryInsert = Omit<typeof emailDeliveries.$inferInsert, 'logId'>;
export type FileInsert = typeof storedFiles.$inferInsert;

/** What a send needs to know about the person sending it. */
export async function findSender(db: Db, userId: number) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, googleConnected: users.googleConnected })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The send, its files, its log entry and one delivery per vendor: all or nothing. */
export async function insertSend(db: Db, log: LogInsert, files: FileInsert[], deliveries: DeliveryInsert[]): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(emailLogs).values(log).returning({ id: emailLogs.id });
    if (files.length > 0) await tx.insert(storedFiles).values(files).onConflictDoNothing();
    await tx.insert(emailDeliveries).values(deliveries.map((delivery) => ({ ...delivery, logId: row!.id })));
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
