import { asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { authorizedEmails, users } from '#server/db/schema';

export function listAuthorizedWithAccounts(db: Db) {
  return db
    .select({
      authorizedEmailId: authorizedEmails.id,
      email: authorizedEmails.email,
      isAdmin: authorizedEmails.isAdmin,
      id: users.id,
      googleProfileImageUrl: users.googleProfileImageUrl,
    })
    .from(authorizedEmails)
    .leftJoin(users, eq(users.email, authorizedEmails.email))
    .orderBy(asc(authorizedEmails.email));
}

export async function insertAuthorizedEmail(db: Db, email: string, isAdmin = false) {
  const [row] = await db.insert(authorizedEmails).values({ email, isAdmin }).returning();
  return row!;
}

/** Adds the address as an admin, or makes an existing one admin. */
export async function ensureAdminEmail(db: Db, email: string) {
  await db
    .insert(authorizedEmails)
    .values({ email, isAdmin: true })
    .onConflictDoUpdate({ target: authorizedEmails.email, set: { isAdmin: true } });
}

export function findAuthorizedEmailById(db: Db, id: number) {
  return db.query.authorizedEmails.findFirst({ where: eq(authorizedEmails.id, id) });
}

export function findUserByEmail(db: Db, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, email) });
}

export function findUserById(db: Db, id: number) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/** Locks the admin rows so two concurrent demotions cannot both pass the last-admin check. */
export async function lockAdmins(db: Db) {
  return db
    .select({ id: authorizedEmails.id })
    .from(authorizedEmails)
    .where(eq(authorizedEmails.isAdmin, true))
    .for('update');
}

export async function deleteAuthorizedEmail(db: Db, id: number) {
  await db.delete(authorizedEmails).where(eq(authorizedEmails.id, id));
}

export async function setAdminFlag(db: Db, email: string, isAdmin: boolean) {
  const [row] = await db.update(authorizedEmails).set({ isAdmin }).where(eq(authorizedEmails.email, email)).returning();
  return row;
}
