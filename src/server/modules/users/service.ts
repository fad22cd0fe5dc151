import type { AddAuthorizedEmailResponse, InviteResponse, UserRow } from '#shared/contracts/users';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { isUniqueViolation } from '#server/db/errors';
import { conflict, notFound } from '#server/errors';
import { recordAudit, type Actor } from '../audit';
import { issueInvite, listLiveInvites, mailInvite, type InviteMailDeps } from '../invites';
import { revokeSessionsOfEmail } from '../session';
import * as repo from './repository';

export interface UsersDeps {
  db: Db;
  clock: Clock;
}

export async function listUsers({ db, clock }: UsersDeps): Promise<UserRow[]> {
  const [rows, invites] = await Promise.all([repo.listAuthorizedWithAccounts(db), listLiveInvites(db, clock.now())]);
  const inviteExpiry = new Map(invites.map((invite) => [invite.authorizedEmailId, invite.expiresAt.toISOString()]));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    isAdmin: row.isAdmin,
    hasRegistered: row.id !== null,
    googleProfileImageUrl: row.googleProfileImageUrl,
    authorizedEmailId: row.authorizedEmailId,
    inviteExpiresAt: row.id === null ? (inviteExpiry.get(row.authorizedEmailId) ?? null) : null,
  }));
}

/**
 * Puts the address on the list with a one-time invite link, and mails the link to it: knowing an authorized address is
 * not enough to claim it.
 */
export async function addAuthorizedEmail(
  deps: InviteMailDeps,
  actor: Actor,
  email: string,
): Promise<AddAuthorizedEmailResponse> {
  const { db, clock } = deps;
  try {
    const { row, invite } = await db.transaction(async (tx) => {
      const row = await repo.insertAuthorizedEmail(tx, email);
      await recordAudit(
        tx,
        actor,
        { action: 'create', entity: 'authorized_email', entityId: row.id, after: row },
        clock.now(),
      );
      return { row, invite: await issueInvite({ ...deps, db: tx }, row.id) };
    });
    const inviteMailed = await mailInvite(deps, actor.id, row.email, invite.inviteUrl, invite.inviteExpiresAt);
    return { id: row.id, email: row.email, isAdmin: row.isAdmin, ...invite, inviteMailed };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`${email} is already on the list.`);
    throw error;
  }
}

/** 'New link': a new invite for a pending address, which voids the old link. */
export async function renewInvite(
  deps: InviteMailDeps,
  actor: Actor,
  authorizedEmailId: number,
): Promise<InviteResponse> {
  const { db, clock } = deps;
  const invite = await db.transaction(async (tx) => {
    const row = await repo.findAuthorizedEmailById(tx, authorizedEmailId);
    if (!row) throw notFound('That address is not on the list.');
    if (await repo.findUserByEmail(tx, row.email)) throw conflict(`${row.email} has already registered.`);
    const invite = await issueInvite({ ...deps, db: tx }, row.id);
    await recordAudit(
      tx,
      actor,
      {
        action: 'create',
        entity: 'invite',
        entityId: row.id,
        after: { email: row.email, expiresAt: invite.inviteExpiresAt },
      },
      clock.now(),
    );
    return { ...invite, email: row.email };
  });
  const inviteMailed = await mailInvite(deps, actor.id, invite.email, invite.inviteUrl, invite.inviteExpiresAt);
  return { inviteUrl: invite.inviteUrl, inviteExpiresAt: invite.inviteExpiresAt, inviteMailed };
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
    await recordAudit(
      tx,
      actor,
      { action: 'delete', entity: 'authorized_email', entityId: id, before: row },
      clock.now(),
    );
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
      {
        action: 'update',
        entity: 'user_permissions',
        entityId: userId,
        before: { isAdmin: wasAdmin },
        after: { isAdmin },
      },
      clock.now(),
    );
    return { id: userId, email: user.email, isAdmin };
  });
}

/** Puts every ADMIN_EMAILS address on the list as an admin; safe to run at every start. */
export async function ensureAdmins({ db }: UsersDeps, emails: string[]) {
  for (const email of emails) await repo.ensureAdminEmail(db, email);
}
