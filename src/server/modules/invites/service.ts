import { createToken, hashToken } from '#server/auth/tokens';
import type { Clock } from '#server/clock';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { forbidden } from '#server/errors';
import * as repo from './repository';

export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const SETUP_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The one answer to every refused registration or invite: it must not tell which check failed, so that no answer tells
 * whether an address is authorized or registered.
 */
export const INVALID_INVITE_MESSAGE =
  'This invitation is not valid for this address. Please ask your admin for a new invitation link.';

export interface InviteDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'publicUrl'>;
}

export function inviteUrlOf(publicUrl: string, token: string) {
  return `${publicUrl}/auth?invite=${token}`;
}

/**
 * A new one-time link for the authorized address. By default any older link of the address stops working (an admin's
 * 'New link'); `keepOthers` leaves the live ones valid (the setup link of each start, 0022).
 */
export async function issueInvite(
  { db, clock, config }: InviteDeps,
  authorizedEmailId: number,
  lifetimeMs = INVITE_LIFETIME_MS,
  { keepOthers = false }: { keepOthers?: boolean } = {},
) {
  const token = createToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  const values = { tokenHash: hashToken(token), authorizedEmailId, expiresAt, createdAt: now };
  await (keepOthers ? repo.addInvite(db, values) : repo.replaceInvite(db, values));
  return { inviteUrl: inviteUrlOf(config.publicUrl, token), inviteExpiresAt: expiresAt.toISOString() };
}

/** The address of a live invite, for the sign-in page to fill in; the neutral 403 otherwise. */
export async function lookupInvite({ db, clock }: Pick<InviteDeps, 'db' | 'clock'>, token: string) {
  const row = await repo.findLiveInviteEmail(db, hashToken(token), clock.now());
  if (!row) throw forbidden(INVALID_INVITE_MESSAGE);
  return { email: row.email };
}

export interface SetupLink {
  email: string;
  setupUrl: string;
  expiresAt: string;
}

/**
 * The first admin's way in: for each ADMIN_EMAILS address without an account, a setup link (an invite valid 24 hours)
 * logged for the operator. The links earlier starts and other instances logged stay valid until they expire or one of
 * them is used, which voids the others (0022). Logged at warn, so LOG_LEVEL=warn still shows it.
 */
export async function issueSetupLinks(
  deps: InviteDeps,
  adminEmails: readonly string[],
  log: { warn(fields: object, msg: string): void },
) {
  const links: SetupLink[] = [];
  for (const email of adminEmails) {
    const row = await repo.findAuthorizedEmailWithAccount(deps.db, email);
    if (!row || row.userId !== null) continue;
    const { inviteUrl, inviteExpiresAt } = await issueInvite(deps, row.id, SETUP_LINK_LIFETIME_MS, {
      keepOthers: true,
    });
    log.warn({ email, setupUrl: inviteUrl, expiresAt: inviteExpiresAt }, 'setup link');
    links.push({ email, setupUrl: inviteUrl, expiresAt: inviteExpiresAt });
  }
  return links;
}
