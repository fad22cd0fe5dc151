import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema';

/** What a message sent as a user needs to know about the person sending it. */
export async function findSender(db: Db, userId: number) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, googleConnected: users.googleConnected })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
