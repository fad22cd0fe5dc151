import type { UserRow } from '#shared/contracts/users';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { isUniqueViolation } from '#server/db/errors';
import { conflict, notFound } from '#server/errors';
import { recordAudit, type Actor } from '../audit/repository';
import { revokeSessionsOfEmail } from '../session/repository';
import * as repo from './repository';

export interface UsersDeps {
  db: Db;
  clock: Clock;
}

export async function listUsers({ db }: UsersDeps): Promise<UserRow[]> {
  const rows = await repo.listAuthorizedWithAccounts(db);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    isAdmin: row.isAdmin,
    hasRegistered: row.id !== null,
    googleProfileImageUrl: row.googleProfileImageUrl,
    authorizedEmailId: row.authorizedEmailId,
  }));
}

export async function addAuthorizedEmail({ db, clock }: UsersDeps, actor: Actor, email: string) {
  try {
    return await db.transaction(async (tx) => {
      const row = await repo.insertAuthorizedEmail(tx, email);
      await recordAudit(tx, actor, { action: 'create', entity: 'authorized_email', entityId: row.id, after: row }, clock.now());
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`${email} is already on the list.`);
    throw error;
  }
}

export async function removeAuthorizedEmail({ db, clock }: UsersDeps, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const admins = await repo.lockAdmins(tx);
    const row = await repo.findAuthorizedEmailById(tx, id);
    if (!row) throw notFound('That address is not on the list.');
    if (row.email === actor.email) throw conflict('You cannot remove your own address.');
    if (row.isAdmin && admins.length <= 1) throw conflict('You cannot remove the last admin.');
    await repo.deleteAuthorizedEmail(tx, id);
    await revokeSessionsOfEmail(tx, row.email, clock.now());
    await recordAudit(tx, actor, { action: 'delete', entity: 'authorized_email', entityId: id, before: row }, clock.now());
  });
}

export async function updatePermissions({ db, clock }: UsersDeps, actor: Actor, userId: number, isAdmin: boolean) {
  return db.transaction(async (tx) => {
    const admins = await repo.lockAdmins(tx);
    const user = await repo.findUserById(tx, userId);
    if (!user) throw notFound('User not found.');
    const before = await repo.setAdminFlag(tx, user.email, isAdmin);
    if (!before) throw notFound('That user is no longer on the list.');
    const wasAdmin = admins.some((admin) => admin.id === before.id);
    if (wasAdmin && !isAdmin && admins.length <= 1) throw conflict('You cannot remove the last admin.');
    await recordAudit(
      tx,
      actor,
      { action: 'update', entity: 'user_permissions', entityId: userId, before: { isAdmin: wasAdmin }, after: { isAdmin } },
      clock.now(),
    );
    return { id: userId, email: user.email, isAdmin };
  });
}

/** Puts every ADMIN_EMAILS address on the list as an admin; safe to run at every start. */
export async function ensureAdmins({ db }: UsersDeps, emails: string[]) {
  for (const email of emails) await repo.ensureAdminEmail(db, email);
}
