import type { SecretBox } from '#server/auth/secret-box';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { AppError, requiresGoogleAuth } from '#server/errors';
import { OAuth2RequestError, type GoogleOAuth } from './oauth';
import * as accounts from '../session';
import * as repo from './repository';

/** An access token this close to its expiry is refreshed first, so it cannot expire on the way to Gmail. */
export const ACCESS_TOKEN_MARGIN_MS = 60_000;

export const NOT_CONNECTED_MESSAGE = 'Please sign in with Google to enable Gmail sending.';
export const CONNECTION_GONE_MESSAGE =
  'Your Google access has expired or was revoked. Please sign in with Google again to send through Gmail.';

export interface GoogleTokenDeps {
  db: Db;
  clock: Clock;
  oauth: GoogleOAuth;
  /** Encrypts tokens at rest; the user id is the authenticated context of each ciphertext. */
  box: SecretBox;
}

export interface GoogleAccessTokens {
  /**
   * A valid access token for the user's Google connection, refreshed (and stored, encrypted) when it is about to
   * expire or when `forceRefresh` says Google refused it. Throws `requiresGoogleAuth` when there is no usable
   * connection (an `invalid_grant` marks it gone), AppError 503 when Google cannot be reached.
   */
  getGoogleAccessToken(userId: number, options?: { forceRefresh?: boolean }): Promise<string>;
}

export function createGoogleAccessTokens(deps: GoogleTokenDeps): GoogleAccessTokens {
  const { db, clock, oauth, box } = deps;
  // Within one instance, concurrent sends of one user share one refresh; across instances each may refresh, which Google allows.
  const refreshing = new Map<number, Promise<string>>();

  async function refresh(userId: number, sealedRefreshToken: string): Promise<string> {
    const refreshToken = box.decrypt(sealedRefreshToken, String(userId));
    if (refreshToken === null) {
      // Sealed with another SECRET_KEY: unusable, so the user must connect again.
      await accounts.markGoogleDisconnected(db, userId, sealedRefreshToken);
      throw requiresGoogleAuth(CONNECTION_GONE_MESSAGE);
    }
    let tokens;
    try {
      tokens = await oauth.refresh(refreshToken);
    } catch (error) {
      if (error instanceof OAuth2RequestError && error.code === 'invalid_grant') {
        await accounts.markGoogleDisconnected(db, userId, sealedRefreshToken);
        throw requiresGoogleAuth(CONNECTION_GONE_MESSAGE);
      }
      if (error instanceof OAuth2RequestError) {
        throw new AppError(502, `Google refused to renew the access token (${error.code}). Please contact your admin.`);
      }
      throw new AppError(503, 'Google could not be reached to renew the access token. Please try again.');
    }
    const context = String(userId);
    await accounts.saveAccessToken(
      db,
      userId,
      box.encrypt(tokens.accessToken, context),
      tokens.expiresAt,
      tokens.refreshToken ? box.encrypt(tokens.refreshToken, context) : undefined,
    );
    return tokens.accessToken;
  }

  return {
    async getGoogleAccessToken(userId, options = {}) {
      const row = await repo.findGoogleCredentials(db, userId);
      if (!row?.googleConnected || !row.googleRefreshToken) throw requiresGoogleAuth(NOT_CONNECTED_MESSAGE);
      const isFresh =
        row.googleAccessToken !== null &&
        row.googleAccessTokenExpiresAt !== null &&
        row.googleAccessTokenExpiresAt.getTime() - clock.now().getTime() > ACCESS_TOKEN_MARGIN_MS;
      if (isFresh && !options.forceRefresh) {
        const accessToken = box.decrypt(row.googleAccessToken!, String(userId));
        if (accessToken !== null) return accessToken;
      }
      const pending = refreshing.get(userId);
      if (pending) return pending;
      const started = refresh(userId, row.googleRefreshToken).finally(() => refreshing.delete(userId));
      refreshing.set(userId, started);
      return started;
    },
  };
}
