import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, userOf } from '#server/auth/guards';
import { hashToken } from '#server/auth/tokens';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { tooManyRequests } from '#server/errors';
import { closeAfterRefusal } from '#server/http/lingering-close';
import { databaseRateLimitStore } from './store';

export interface UserLimit {
  max: number;
  windowMs: number;
}

/** What one signed-in user may do in a window; far above what an account manager does by hand. */
export interface UserLimits {
  /** Consolidated sends (each mails every selected vendor). */
  sends: UserLimit;
  /** 'Send me a proof' (one vendor's message to the sender). */
  proofs: UserLimit;
  /** The email test page. */
  emailTests: UserLimit;
  /**
   * What a signed-in user changes for a send's vendors after it went out: answers to seed tests (each mails the
   * vendor), reminders on or off, links turned off, updates recorded on a vendor's behalf (decision 0023).
   */
  vendorUpdates: UserLimit;
  /** Everything done through one vendor's personal page link (reads, actions, downloads): counted per link. */
  vendorPage: UserLimit;
}

const TEN_MINUTES = 10 * 60_000;

export const USER_LIMITS: UserLimits = {
  sends: { max: 30, windowMs: TEN_MINUTES },
  proofs: { max: 60, windowMs: TEN_MINUTES },
  emailTests: { max: 30, windowMs: TEN_MINUTES },
  vendorUpdates: { max: 60, windowMs: TEN_MINUTES },
  // A vendor opens the page, acts a few times and maybe downloads; the page refreshes while open (issue 14 item 6).
  vendorPage: { max: 300, windowMs: TEN_MINUTES },
};

const NOUNS: Record<keyof UserLimits, string> = {
  sends: 'sends',
  proofs: 'proofs',
  emailTests: 'test emails',
  vendorUpdates: 'replies and updates to vendors',
  vendorPage: 'requests with this link',
};

/**
 * What the limits are given. The limits know no feature: whether a token is a vendor link is tracking's to say, and the
 * app passes tracking's answer in (app-context.ts).
 */
export interface LimitDeps {
  db: Db;
  clock: Clock;
  /** Whether a vendor link with this token hash was ever issued (live, expired or revoked). */
  isVendorLink: (tokenHash: string) => Promise<boolean>;
}

/**
 * Who a limit counts for: the signed-in user, or the vendor link (its hash: the token itself is never a key). A token
 * that is no link counts against the client's address instead: one row per address, however many random tokens it
 * tries, where one row per token would let anonymous requests grow the table without bound.
 */
const KEYS: Record<keyof UserLimits, (request: FastifyRequest, deps: LimitDeps) => string | Promise<string>> = {
  sends: (request) => String(userOf(request).id),
  proofs: (request) => String(userOf(request).id),
  emailTests: (request) => String(userOf(request).id),
  vendorUpdates: (request) => String(userOf(request).id),
  vendorPage: async (request, { isVendorLink }) => {
    const tokenHash = hashToken(bearerToken(request) ?? '');
    return (await isVendorLink(tokenHash)) ? tokenHash : `address ${request.ip}`;
  },
};

/** An onRequest (or preHandler) hook after the guard that signed the user in. */
export type UserLimiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
export type UserLimiters = Record<keyof UserLimits, UserLimiter>;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

function duration(ms: number): string {
  if (ms < 60_000) return plural(Math.max(1, Math.ceil(ms / 1000)), 'second');
  return plural(Math.ceil(ms / 60_000), 'minute');
}

/**
 * Per-user (and per vendor link) rate limits, counted in the database so that every app instance sees the same counts. Each limiter runs
 * after the guard that signed the user in (it keys on the user id) and answers 429 with Retry-After and a message.
 */
export async function registerUserLimits(
  app: FastifyInstance,
  deps: LimitDeps,
  overrides: Partial<UserLimits> = {},
): Promise<UserLimiters> {
  await app.register(fastifyRateLimit, { global: false, store: databaseRateLimitStore(deps.db, deps.clock) });
  const limiter = (name: keyof UserLimits): UserLimiter => {
    const { max, windowMs } = overrides[name] ?? USER_LIMITS[name];
    const check = app.rateLimit({
      max,
      timeWindow: windowMs,
      keyGenerator: async (request) => `${name}:${await KEYS[name](request, deps)}`,
      errorResponseBuilder: (_request, context) =>
        tooManyRequests(
          `You can make at most ${max} ${NOUNS[name]} in ${duration(windowMs)}. Please try again in ${duration(context.ttl)}.`,
        ),
    });
    return async (request, reply) => {
      try {
        await check.call(app, request, reply);
      } catch (error) {
        // Refused before the body was read: end the connection rather than let Node read the rest of the upload.
        closeAfterRefusal(request, reply);
        throw error;
      }
    };
  };
  return {
    sends: limiter('sends'),
    proofs: limiter('proofs'),
    emailTests: limiter('emailTests'),
    vendorUpdates: limiter('vendorUpdates'),
    vendorPage: limiter('vendorPage'),
  };
}
