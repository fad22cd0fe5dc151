import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { authorizedEmails, loginFailures, sessions, users } from '#server/db/schema';

export function findAuthorizedEmail(db: Db, email: string) {
  return db.query.authorizedEmails.findFirst({ where: eq(authorizedEmails.email, email) });
}

export function findUserByEmail(db: Db, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, email) });
}

export async function insertUser(db: Db, values: typeof users.$inferInsert) {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
}

export async function insertSession(db: Db, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

function sessionWithUserQuery(db: Db) {
  return db
    .select({
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      extendedAt: sessions.extendedAt,
      revokedReason: sessions.revokedReason,
      revokedAt: sessions.revokedAt,
      email: users.email,
      googleProfileImageUrl: users.googleProfileImageUrl,
      authorizedEmailId: authorizedEmails.id,
      isAdmin: authorizedEmails.isAdmin,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(authorizedEmails, eq(authorizedEmails.email, users.email))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('find_session_with_user');
}

// Every authenticated request runs this lookup: prepared once per database, planned once.
const preparedLookups = new WeakMap<Db, ReturnType<typeof sessionWithUserQuery>>();

/** One query: the session, its user and the user's authorization. */
export async function findSessionWithUser(db: Db, tokenHash: string) {
  let query = preparedLookups.get(db);
  if (!query) {
    query = sessionWithUserQuery(db);
    preparedLookups.set(db, query);
  }
  const [row] = await query.execute({ tokenHash });
  return row;
}

export async function extendSession(db: Db, tokenHash: string, expiresAt: Date, now: Date) {
  await db.update(sessions).set({ expiresAt, extendedAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

export async function revokeSession(db: Db, tokenHash: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: 'logout' })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

export async function revokeSessionsOfEmail(db: Db, email: string, now: Date) {
  const owners = db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: 'unauthorized' })
    .where(and(inArray(sessions.userId, owners), isNull(sessions.revokedAt)));
}

export async function findLoginFailures(db: Db, keys: string[]) {
  return db.select().from(loginFailures).where(inArray(loginFailures.key, keys));
}

/** Adds one failure to each key, starting a new window where the old one has passed; returns the new counts. */
export async function addLoginFailure(db: Db, keys: string[], now: Date, windowStart: Date) {
  const rows = await db
    .insert(loginFailures)
    .values(keys.map((key) => ({ key, count: 1, windowStartedAt: now })))
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        count: sql`case when ${loginFailures.windowStartedAt} < ${windowStart.toISOString()} then 1 else ${loginFailures.count} + 1 end`,
        windowStartedAt: sql`case when ${loginFailures.windowStartedAt} < ${windowStart.toISOString()} then ${now.toISOString()}::timestamptz else ${loginFailures.windowStartedAt} end`,
      },
    })
    .returning();
  return rows;
}

export async function clearLoginFailures(db: Db, key: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

// The Google connection's columns of a user: the google module writes them through these (session owns users).

export type GoogleFields = Pick<
  typeof users.$inferInsert,
  | 'googleSubject'
  | 'googleProfileImageUrl'
  | 'googleRefreshToken'
  | 'googleConnected'
  | 'googleAccessToken'
  | 'googleAccessTokenExpiresAt'
>;

export async function updateGoogleFields(db: Db, userId: number, fields: GoogleFields) {
  await db.update(users).set(fields).where(eq(users.id, userId));
}

/** The subject moves to the user linking it; the old holder (if any) loses the whole connection. */
export async function unlinkGoogleSubject(db: Db, subject: string, exceptUserId: number) {
  const holder = await db.query.users.findFirst({ where: eq(users.googleSubject, subject) });
  if (!holder || holder.id === exceptUserId) return;
  await db
    .update(users)
    .set({
      googleSubject: null,
      googleRefreshToken: null,
      googleAccessToken: null,
      googleAccessTokenExpiresAt: null,
      googleConnected: false,
    })
    .where(eq(users.id, holder.id));
}

export async function saveAccessToken(
  db: Db,
  userId: number,
  accessToken: string,
  expiresAt: Date,
  refreshToken?: string,
) {
  await db
    .update(users)
    .set({
      googleAccessToken: accessToken,
      googleAccessTokenExpiresAt: expiresAt,
      ...(refreshToken ? { googleRefreshToken: refreshToken } : {}),
    })
    .where(eq(users.id, userId));
}

/** Only when the refresh token is still the one that failed: a newer connection made meanwhile stays. */
export async function markGoogleDisconnected(db: Db, userId: number, failedRefreshToken: string) {
  await db
    .update(users)
    .set({
      googleConnected: false,
      googleRefreshToken: null,
      googleAccessToken: null,
      googleAccessTokenExpiresAt: null,
    })
    .where(and(eq(users.id, userId), eq(users.googleRefreshToken, failedRefreshToken)));
}
