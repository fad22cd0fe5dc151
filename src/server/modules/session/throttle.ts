import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { tooManyRequests } from '#server/errors';
import * as repo from './repository';

/**
 * Throttling of password sign-in and registration, so repeated failures are slowed and then refused (issue 10 item 5):
 * - per address: every attempt is counted, atomically and before the password is checked, so parallel guesses cannot
 *   slip past the limit; past it the address is refused with 429 until its window ends; a success clears the count.
 * - per IP: failures only slow that IP down, never refuse it, so one busy or hostile address (a shared office NAT,
 *   an attacker spraying guesses) cannot lock everyone else out.
 */

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const ATTEMPT_LIMIT_PER_EMAIL = 5;
export const FAILURE_SLOWDOWN_PER_IP = 20;
const MAX_PAUSE_MS = 3000;

export interface ThrottleDeps {
  db: Db;
  clock: Clock;
  /** Waits before answering; tests pass one that records the pause instead of waiting. */
  pause: (ms: number) => Promise<void>;
}

const emailKey = (email: string) => `email:${email}`;
const ipKey = (ip: string) => `ip:${ip}`;

function minutesText(ms: number) {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** How long an IP with this many failures in the window waits before each attempt is checked. */
export function ipPauseMs(failures: number) {
  if (failures < FAILURE_SLOWDOWN_PER_IP) return 0;
  return Math.min(MAX_PAUSE_MS, 250 * (failures - FAILURE_SLOWDOWN_PER_IP + 1));
}

/** How long a failed attempt waits before it is answered, by the address's attempts in the window. */
export function failurePauseMs(attempts: number) {
  return attempts < 3 ? 0 : Math.min(2000, 250 * 2 ** (attempts - 3));
}

/** Counts the attempt for the address (429 past its limit), then slows an IP with many failures. Returns the count. */
export async function admitAttempt({ db, clock, pause }: ThrottleDeps, email: string, ip: string): Promise<number> {
  const now = clock.now();
  const windowStart = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const [counted] = await repo.addLoginFailure(db, [emailKey(email)], now, windowStart);
  if (counted!.count > ATTEMPT_LIMIT_PER_EMAIL) {
    const retryAfterMs = counted!.windowStartedAt.getTime() + SIGN_IN_WINDOW_MS - now.getTime();
    throw tooManyRequests(
      `Too many failed sign-in attempts. Please try again in ${minutesText(retryAfterMs)}.`,
      retryAfterMs / 1000,
    );
  }
  const [fromIp] = await repo.findLoginFailures(db, [ipKey(ip)]);
  const ipFailures = fromIp && fromIp.windowStartedAt >= windowStart ? fromIp.count : 0;
  // Before the check, for right and wrong passwords alike: a quick answer must not give away a right one.
  const wait = ipPauseMs(ipFailures);
  if (wait > 0) await pause(wait);
  return counted!.count;
}

/** A failed check: counts it for the IP, and answers repeated guessing at one address more slowly. */
export async function recordFailure({ db, clock, pause }: ThrottleDeps, ip: string, attempts: number) {
  const now = clock.now();
  await repo.addLoginFailure(db, [ipKey(ip)], now, new Date(now.getTime() - SIGN_IN_WINDOW_MS));
  const wait = failurePauseMs(attempts);
  if (wait > 0) await pause(wait);
}

export async function recordSuccess({ db }: Pick<ThrottleDeps, 'db'>, email: string) {
  await repo.clearLoginFailures(db, emailKey(email));
}
