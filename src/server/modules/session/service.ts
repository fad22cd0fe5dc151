import { setTimeout as sleep } from 'node:timers/promises';
import type { CurrentUser, Registration } from '#shared/contracts/auth';
import { firstNameFromEmail } from '#shared/display-name';
import { hashPassword, verifyPassword } from '#server/auth/passwords';
import { createToken, hashToken, SESSION_EXTEND_INTERVAL_MS, SESSION_LIFETIME_MS } from '#server/auth/tokens';
import { uncached, type ReadCache, type WatchedTable } from '#server/cache/read-cache';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { isUniqueViolation } from '#server/db/errors';
import { forbidden, unauthorized } from '#server/errors';
import { consumeInvite, INVALID_INVITE_MESSAGE } from '../invites';
import * as repo from './repository';
import { admitAttempt, recordFailure, recordSuccess, type ThrottleDeps } from './throttle';

export interface SessionDeps {
  db: Db;
  clock: Clock;
  /** Throttling's waits (src/server/modules/session/throttle.ts); a real timer unless a test records them. */
  pause?: (ms: number) => Promise<void>;
  /** Keeps sessions and first names between writes; every read goes to the database without it. */
  cache?: ReadCache;
}

/** What a session lookup reads: a logout, a revocation or a removed address changes one of them. */
const SESSION_TABLES: readonly WatchedTable[] = ['sessions', 'users', 'authorized_emails'];

export interface AuthenticatedUser extends CurrentUser {
  tokenHash: string;
}

/** Opens a session for the user and returns its bearer token (password sign-in, registration, Google sign-in). */
export async function startSession({ db, clock }: SessionDeps, userId: number) {
  const token = createToken();
  const now = clock.now();
  await repo.insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    extendedAt: now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
  });
  return { token };
}

const throttleOf = (deps: SessionDeps): ThrottleDeps => ({
  db: deps.db,
  clock: deps.clock,
  pause: deps.pause ?? ((ms) => sleep(ms)),
});

/** Thrown inside the registration transaction to undo the invite's use. */
class RefusedRegistration extends Error {}

/**
 * Password registration needs a live invite for the address (knowing an authorized address is not enough). Every
 * refusal (no, unknown, expired, used or another address's invite; an address not authorized or already registered) is
 * the same 403, and the password is hashed first whatever the outcome, so neither the answer nor its timing tells which
 * it was.
 */
export async function registerUser(deps: SessionDeps, input: Registration, ip: string) {
  const { db, clock } = deps;
  const throttle = throttleOf(deps);
  const { email, password, invite } = input;
  const attempts = await admitAttempt(throttle, email, ip);
  const passwordHash = await hashPassword(password);
  try {
    const user = await db.transaction(async (tx) => {
      const used = await consumeInvite(tx, hashToken(invite ?? ''), email, clock.now());
      if (!used || (await repo.findUserByEmail(tx, email))) throw new RefusedRegistration();
      return repo.insertUser(tx, { email, passwordHash, firstName: firstNameFromEmail(email) });
    });
    await recordSuccess(throttle, email);
    return await startSession(deps, user.id);
  } catch (error) {
    if (!(error instanceof RefusedRegistration) && !isUniqueViolation(error)) throw error;
    await recordFailure(throttle, ip, attempts);
    throw forbidden(INVALID_INVITE_MESSAGE);
  }
}

export async function loginUser(deps: SessionDeps, email: string, password: string, ip: string) {
  const { db } = deps;
  const throttle = throttleOf(deps);
  const attempts = await admitAttempt(throttle, email, ip);
  const user = await repo.findUserByEmail(db, email);
  const isValid = await verifyPassword(user?.passwordHash, password);
  if (!user || !isValid) {
    await recordFailure(throttle, ip, attempts);
    throw unauthorized('Invalid email or password');
  }
  await recordSuccess(throttle, email);
  if (!(await repo.findAuthorizedEmail(db, email))) {
    throw forbidden('Your access has been removed. Please contact your admin for access.');
  }
  return startSession(deps, user.id);
}

export async function logoutSession({ db, clock }: SessionDeps, tokenHash: string) {
  await repo.revokeSession(db, tokenHash, clock.now());
}

/** Resolves a bearer token to its user: 401 when missing, unknown, expired or logged out; 403 when no longer authorized. */
export async function authenticateToken(
  { db, clock, cache = uncached }: SessionDeps,
  token: string | undefined,
): Promise<AuthenticatedUser> {
  if (!token) throw unauthorized('Unauthorized');
  const tokenHash = hashToken(token);
  const row = await cache.read(`session ${tokenHash}`, SESSION_TABLES, () => repo.findSessionWithUser(db, tokenHash));
  const now = clock.now();
  if (!row || row.expiresAt <= now) throw unauthorized('Unauthorized');
  if (row.revokedAt) {
    throw row.revokedReason === 'unauthorized'
      ? forbidden('Access denied', 'access-removed')
      : unauthorized('Unauthorized');
  }
  if (row.authorizedEmailId === null) throw forbidden('Access denied', 'access-removed');
  if (now.getTime() - row.extendedAt.getTime() > SESSION_EXTEND_INTERVAL_MS) {
    await repo.extendSession(db, tokenHash, new Date(now.getTime() + SESSION_LIFETIME_MS), now);
    // A GET wrote: the next request must not find the old expiry in the cache.
    await cache.settle();
  }
  return {
    tokenHash,
    id: row.userId,
    email: row.email,
    isAdmin: row.isAdmin ?? false,
    hasRegistered: true,
    googleProfileImageUrl: row.googleProfileImageUrl,
    authorizedEmailId: row.authorizedEmailId,
  };
}

export async function getFirstName({ db, cache = uncached }: SessionDeps, email: string) {
  const firstName = await cache.read(
    `first name ${email}`,
    ['users'],
    async () => (await repo.findUserByEmail(db, email))?.firstName ?? null,
  );
  return { firstName: firstName ?? firstNameFromEmail(email) };
}
