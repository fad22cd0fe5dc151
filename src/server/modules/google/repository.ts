import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { authorizedEmails, googleConnectTickets, googleSignInCodes, googleSpentFlows, users } from '#server/db/schema';

export function findUserById(db: Db, id: number) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export function findUserByGoogleSubject(db: Db, subject: string) {
  return db.query.users.findFirst({ where: eq(users.googleSubject, subject) });
}

export function findUserByEmail(db: Db, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, email) });
}

export function findAuthorizedEmail(db: Db, email: string) {
  return db.query.authorizedEmails.findFirst({ where: eq(authorizedEmails.email, email) });
}

export async function findGoogleCredentials(db: Db, userId: number) {
  const [row] = await db
    .select({
      googleConnected: users.googleConnected,
      googleRefreshToken: users.googleRefreshToken,
      googleAccessToken: users.googleAccessToken,
      googleAccessTokenExpiresAt: users.googleAccessTokenExpiresAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function insertConnectTicket(db: Db, values: typeof googleConnectTickets.$inferInsert, now: Date) {
  await db.delete(googleConnectTickets).where(lte(googleConnectTickets.expiresAt, now));
  await db.insert(googleConnectTickets).values(values);
}

/** Deletes and returns the ticket in one statement, so it works once even with two instances racing. */
export async function consumeConnectTicket(db: Db, ticketHash: string, now: Date) {
  const [row] = await db
    .delete(googleConnectTickets)
    .where(and(eq(googleConnectTickets.ticketHash, ticketHash), gt(googleConnectTickets.expiresAt, now)))
    .returning({ userId: googleConnectTickets.userId });
  return row;
}

export async function insertSignInCode(db: Db, values: typeof googleSignInCodes.$inferInsert, now: Date) {
  await db.delete(googleSignInCodes).where(lte(googleSignInCodes.expiresAt, now));
  await db.insert(googleSignInCodes).values(values);
}

/** Deletes and returns the code in one statement, only for the browser it was issued to: it works once. */
export async function consumeSignInCode(db: Db, codeHash: string, browserHash: string, now: Date) {
  const [row] = await db
    .delete(googleSignInCodes)
    .where(
      and(
        eq(googleSignInCodes.codeHash, codeHash),
        eq(googleSignInCodes.browserHash, browserHash),
        gt(googleSignInCodes.expiresAt, now),
      ),
    )
    .returning({ userId: googleSignInCodes.userId });
  return row;
}

/**
 * Marks a sign-in flow's callback as come back; false when it already had (a replay). One statement, so a flow is
 * spent once even with two instances racing.
 */
export async function spendFlow(db: Db, nonceHash: string, expiresAt: Date, now: Date): Promise<boolean> {
  await db.delete(googleSpentFlows).where(lte(googleSpentFlows.expiresAt, now));
  const spent = await db
    .insert(googleSpentFlows)
    .values({ nonceHash, expiresAt })
    .onConflictDoNothing()
    .returning({ nonceHash: googleSpentFlows.nonceHash });
  return spent.length === 1;
}
