import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client, OAuth2RequestError } from 'arctic';
import { z } from 'zod';
import type { Config } from '#server/config';

export const GMAIL_SEND_SCOPE = 'https://www.googleapis.com/auth/gmail.send';
export const GOOGLE_SCOPES = ['openid', 'email', 'profile', GMAIL_SEND_SCOPE];

const USERINFO_TIMEOUT_MS = 15_000;

export { generateCodeVerifier, generateState, OAuth2RequestError };

/** What the app keeps of a token answer. */
export interface GoogleTokens {
  accessToken: string;
  expiresAt: Date;
  refreshToken: string | null;
  /** Granted scopes; null when the answer did not list them (then what was asked for was granted). */
  scopes: string[] | null;
}

const booleanish = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

const userinfo = z.object({
  sub: z.string().min(1),
  email: z.string().min(3),
  email_verified: booleanish.optional().default(false),
  given_name: z.string().optional(),
  // Shown as an <img>: only an https (Google's) or inline image address is kept.
  picture: z
    .string()
    .optional()
    .transform((value) => (value && /^(https:\/\/|data:image\/)/i.test(value) ? value : undefined)),
});
export type GoogleProfile = z.infer<typeof userinfo>;

/**
 * Google's OAuth 2.0 endpoints through arctic's generic client, because its Google provider hard-codes Google's
 * URLs and the tests (and anyone behind a proxy) point GOOGLE_AUTH_URL, GOOGLE_TOKEN_URL, GOOGLE_USERINFO_URL elsewhere.
 */
export function createGoogleOAuth(config: Config, now: () => Date) {
  const { clientId, clientSecret, authUrl, tokenUrl, userinfoUrl } = config.google;
  const client =
    clientId && clientSecret
      ? new OAuth2Client(clientId, clientSecret, `${config.publicUrl}/auth/google/callback`)
      : null;
  const requireClient = () => {
    if (!client) throw new Error('Google sign-in is not configured');
    return client;
  };

  const toTokens = (tokens: Awaited<ReturnType<OAuth2Client['validateAuthorizationCode']>>): GoogleTokens => {
    const data = tokens.data as { expires_in?: unknown };
    const expiresIn = typeof data.expires_in === 'number' ? data.expires_in : 3600;
    return {
      accessToken: tokens.accessToken(),
      expiresAt: new Date(now().getTime() + expiresIn * 1000),
      refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : null,
      scopes: tokens.hasScopes() ? tokens.scopes() : null,
    };
  };

  return {
    isConfigured: client !== null,

    /** Google's consent page for this flow: PKCE S256, offline access, always asking consent so a refresh token comes back. */
    authorizationUrl(state: string, codeVerifier: string, loginHint?: string): string {
      const url = requireClient().createAuthorizationURLWithPKCE(
        authUrl,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        GOOGLE_SCOPES,
      );
      url.searchParams.set('access_type', 'offline');
      url.searchParams.set('prompt', 'consent');
      url.searchParams.set('include_granted_scopes', 'true');
      if (loginHint) url.searchParams.set('login_hint', loginHint);
      return url.toString();
    },

    async exchangeCode(code: string, codeVerifier: string): Promise<GoogleTokens> {
      return toTokens(await requireClient().validateAuthorizationCode(tokenUrl, code, codeVerifier));
    },

    async refresh(refreshToken: string): Promise<GoogleTokens> {
      return toTokens(await requireClient().refreshAccessToken(tokenUrl, refreshToken, []));
    },

    async fetchProfile(accessToken: string): Promise<GoogleProfile> {
      const response = await fetch(userinfoUrl, {
        headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(USERINFO_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`Google userinfo answered ${response.status}`);
      return userinfo.parse(await response.json());
    },
  };
}

export type GoogleOAuth = ReturnType<typeof createGoogleOAuth>;
