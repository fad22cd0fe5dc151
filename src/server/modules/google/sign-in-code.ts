import type { SecretBox } from '#server/auth/secret-box';
import { createToken, hashToken } from '#server/auth/tokens';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { unauthorized } from '#server/errors';
import { startSession } from '../session';
import * as repo from './repository';

/**
 * How long the code of `/?google_code=` may wait for its exchange. The page exchanges it as soon as it loads; under a
 * minute, so a code copied from a log or a history entry is worthless.
 */
export const SIGN_IN_CODE_LIFETIME_MS = 45 * 1000;

export const exchangeRefused = 'This Google sign-in expired or was already used. Please sign in with Google again.';

export interface SignInCodeDeps {
  db: Db;
  clock: Clock;
  /** Seals the exchange cookie. */
  flowBox: SecretBox;
}

/** The sealed value of the exchange cookie: a secret only this browser holds, never readable by its scripts. */
const COOKIE_CONTEXT = 'sign-in-code';

/**
 * Ends a Google sign-in: a one-time code for the URL, and the cookie that binds it to this browser. The session itself
 * is started only by the exchange, so no session token ever travels in a URL.
 */
export async function issueSignInCode({ db, clock, flowBox }: SignInCodeDeps, userId: number) {
  const code = createToken();
  const browserSecret = createToken();
  const now = clock.now();
  await repo.insertSignInCode(
    db,
    {
      codeHash: hashToken(code),
      browserHash: hashToken(browserSecret),
      userId,
      expiresAt: new Date(now.getTime() + SIGN_IN_CODE_LIFETIME_MS),
    },
    now,
  );
  return {
    code,
    cookie: { value: flowBox.encrypt(browserSecret, COOKIE_CONTEXT), maxAgeSeconds: SIGN_IN_CODE_LIFETIME_MS / 1000 },
  };
}

/** `POST /api/auth/google/exchange`: the session token for a fresh code presented by the browser it was issued to. */
export async function exchangeSignInCode(deps: SignInCodeDeps, code: string, cookie: string | undefined) {
  const browserSecret = cookie ? deps.flowBox.decrypt(cookie, COOKIE_CONTEXT) : null;
  if (!browserSecret) throw unauthorized(exchangeRefused);
  const row = await repo.consumeSignInCode(deps.db, hashToken(code), hashToken(browserSecret), deps.clock.now());
  if (!row) throw unauthorized(exchangeRefused);
  return startSession(deps, row.userId);
}
