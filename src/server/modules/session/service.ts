import { setTimeout as sleep } from 'node:timers/promises';
import type { CurrentUser } from '#shared/contracts/auth';
import { firstNameFromEmail } from '#shared/display-name';
import { hashPassword, verifyPassword } from '#server/auth/passwords';
import { createToken, hashToken, SESSION_EXTEND_INTERVAL_MS, SESSION_LIFETIME_MS } from '#server/auth/tokens';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { isUniqueViolation } from '#server/db/errors';
import { conflict, forbidden, tooManyRequests, unauthorized } from '#server/errors';
import * as repo from './repository';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_FAILURE_LIMIT_PER_EMAIL = 5;
export const LOGIN_FAILURE_LIMIT_PER_IP = 20;

export interface SessionDeps {
  db: Db;
  clock: Clock;
}

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

export async function registerUser(deps: SessionDeps, email: string, password: string) {
  const authorized = await repo.findAuthorizedEmail(deps.db, email);
  if (!authorized) throw forbidden('This email address is not authorized. Please contact your admin for access.');
  if (await repo.findUserByEmail(deps.db, email)) {
    throw conflict('An account with this email already exists. Please sign in.');
  }
  const passwordHash = await hashPassword(password);
  try {
    const user = await repo.insertUser(deps.db, { email, passwordHash, firstName: firstNameFromEmail(email) });
    return await startSession(deps, user.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('An account with this email already exists. Please sign in.');
    throw error;
  }
}

function throttleKeys(email: string, ip: string) {
  return { emailKey: `email:${email}`, ipKey: `ip:${ip}` };
}

export async function loginUser(deps: SessionDeps, email: string, password: string, ip: string) {
  const { db, clock } = deps;
  const now = clock.now();
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const { emailKey, ipKey } = throttleKeys(email, ip);

  const failures = await repo.findLoginFailures(db, [emailKey, ipKey]);
  const blocked = failures.find(
    (row) =>
      row.windowStartedAt >= windowStart &&
      row.count >= (row.key === emailKey ? LOGIN_FAILURE_LIMIT_PER_EMAIL : LOGIN_FAILURE_LIMIT_PER_IP),
  );
  if (blocked) {
    const waitMs = blocked.windowStartedAt.getTime() + LOGIN_WINDOW_MS - now.getTime();
    const minutes = Math.max(1, Math.ceil(waitMs / 60000));
    throw tooManyRequests(`Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, waitMs / 1000);
  }

  const user = await repo.findUserByEmail(db, email);
  const isValid = await verifyPassword(user?.passwordHash, password);
  if (!user || !isValid) {
    const counts = await repo.addLoginFailure(db, [emailKey, ipKey], now, windowStart);
    const worst = Math.max(...counts.map((row) => row.count));
    // Slow repeated guessing before refusing it outright.
    if (worst >= 3) await sleep(Math.min(2000, 250 * 2 ** (worst - 3)));
    throw unauthorized('Invalid email or password');
  }
  if (!(await repo.findAuthorizedEmail(db, email))) {
    throw forbidden('Your access has been removed. Please contact your admin for access.');
  }
  await repo.clearLoginFailures(db, emailKey);
  return startSession(deps, user.id);
}

export async function logoutSession({ db, clock }: SessionDeps, tokenHash: string) {
  await repo.revokeSession(db, tokenHash, clock.now());
}

/** Resolves a bearer token to its user: 401 when missing, unknown, expired or logged out; 403 when no longer authorized. */
export async function authenticateToken({ db, clock }: SessionDeps, token: string | undefined): Promise<AuthenticatedUser> {
  if (!token) throw unauthorized('Unauthorized');
  const tokenHash = hashToken(token);
  const row = await repo.findSessionWithUser(db, tokenHash);
  const now = clock.now();
  if (!row || row.expiresAt <= now) throw unauthorized('Unauthorized');
  if (row.revokedAt) {
    throw row.revokedReason === 'unauthorized' ? forbidden('Access denied') : unauthorized('Unauthorized');
  }
  if (row.authorizedEmailId === null) throw forbidden('Access denied');
  if (now.getTime() - row.extendedAt.getTime() > SESSION_EXTEND_INTERVAL_MS) {
    await repo.extendSession(db, tokenHash, new Date(now.getTime() + SESSION_LIFETIME_MS), now);
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

export async function getFirstName({ db }: SessionDeps, email: string) {
  const user = await repo.findUserByEmail(db, email);
  return { firstName: user?.firstName ?? firstNameFromEmail(email) };
}
