import { and, eq, gt, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { authorizedEmails, invites, users } from '#server/db/schema';

/** Replaces every invite of the address with this one: a new link voids the old. */
export async function replaceInvite(db: Db, values: typeof invites.$inferInsert) {
  await db.delete(invites).where(eq(invites.authorizedEmailId, values.authorizedEmailId));
  await db.insert(invites).values(values);
}

/**
 * Adds a link for the address beside its live ones (the setup link of each start: the links other instances logged stay
 * valid); the address's expired links go.
 */
export async function addInvite(db: Db, values: typeof invites.$inferInsert) {
  await db
    .delete(invites)
    .where(and(eq(invites.authorizedEmailId, values.authorizedEmailId), lte(invites.expiresAt, values.createdAt!)));
  await db.insert(invites).values(values);
}

/**
 * Marks the invite used, in one statement, when it is live and for this address: of two registrations racing with
 * one link, only one gets the row back. The address's other links go with it (call it in the registration's
 * transaction).
 */
export async function consumeInvite(db: Db, tokenHash: string, email: string, now: Date) {
  const forAddress = db
    .select({ id: authorizedEmails.id })
    .from(authorizedEmails)
    .where(eq(authorizedEmails.email, email));
  const [row] = await db
    .update(invites)
    .set({ usedAt: now })
    .where(
      and(
        eq(invites.tokenHash, tokenHash),
        isNull(invites.usedAt),
        gt(invites.expiresAt, now),
        inArray(invites.authorizedEmailId, forAddress),
      ),
    )
    .returning({ authorizedEmailId: invites.authorizedEmailId });
  if (row)
    await db
      .delete(invites)
      .where(and(eq(invites.authorizedEmailId, row.authorizedEmailId), ne(invites.tokenHash, tokenHash)));
  return row;
}

/** The address a live invite is for. */
export async function findLiveInviteEmail(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ email: authorizedEmails.email })
    .from(invites)
    .innerJoin(authorizedEmails, eq(authorizedEmails.id, invites.authorizedEmailId))
    .where(and(eq(invites.tokenHash, tokenHash), isNull(invites.usedAt), gt(invites.expiresAt, now)))
    .limit(1);
  return row;
}

/** Expiry of the live invites of each authorized address that has some, the latest of an address last. */
export function listLiveInvites(db: Db, now: Date) {
  return db
    .select({ authorizedEmailId: invites.authorizedEmailId, expiresAt: invites.expiresAt })
    .from(invites)
    .where(and(isNull(invites.usedAt), gt(invites.expiresAt, now)))
    .orderBy(invites.expiresAt);
}

/** The authorized address with its account, if any. */
export async function findAuthorizedEmailWithAccount(db: Db, email: string) {
  const [row] = await db
    .select({ id: authorizedEmails.id, email: authorizedEmails.email, userId: users.id })
    .from(authorizedEmails)
    .leftJoin(users, eq(users.email, authorizedEmails.email))
    .where(eq(authorizedEmails.email, email))
    .limit(1);
  return row;
}
