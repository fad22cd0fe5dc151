import { z } from 'zod';
import { firstNameFromEmail } from '#shared/display-name';
import type { SecretBox, Signer } from '#server/auth/secret-box';
import { createToken, hashToken } from '#server/auth/tokens';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { isUniqueViolation } from '#server/db/errors';
import {
  GMAIL_SEND_SCOPE,
  generateCodeVerifier,
  generateState,
  OAuth2RequestError,
  type GoogleOAuth,
  type GoogleProfile,
  type GoogleTokens,
} from './oauth';
import * as accounts from '../session';
import * as repo from './repository';
import { issueSignInCode } from './sign-in-code';

/** How long a started sign-in may take at Google's consent page. */
export const FLOW_LIFETIME_MS = 10 * 60 * 1000;
/** How long a connect ticket waits for its navigation to /auth/google (it is used at once by the same page). */
export const TICKET_LIFETIME_MS = 2 * 60 * 1000;

export const messages = {
  notConfigured: 'Google sign-in is not configured on this server.',
  cancelled: 'Google sign-in was cancelled.',
  expired: 'Your Google sign-in expired or could not be verified. Please try again.',
  failed: 'Google sign-in could not be completed. Please try again.',
  unreachable: 'Google could not be reached. Please try again.',
  unverified: 'Your Google address is not verified, so it cannot be used to sign in.',
  ticket: 'Connecting your Google account took too long or the link was already used. Please try again.',
  taken: 'Please try again: this account was being set up at the same moment.',
  otherAccount: (signedIn: string, chosen: string) =>
    `You are signed in as ${signedIn}, but chose the Google account ${chosen}. Please connect the Google account of ${signedIn}.`,
};

export interface GoogleFlowDeps {
  db: Db;
  clock: Clock;
  oauth: GoogleOAuth;
  /** Seals stored Google tokens (context: the user id). */
  tokenBox: SecretBox;
  /** Seals the flow cookie (PKCE verifier, connecting user). */
  flowBox: SecretBox;
  /** Signs `state`. */
  stateSigner: Signer;
}

export interface CookieValue {
  value: string;
  maxAgeSeconds: number;
}

/**
 * What the browser must do next: go to `location`, with the flow cookie set (a value) or cleared (null), and after a
 * sign-in the cookie that binds the one-time code to this browser.
 */
export interface FlowStep {
  location: string;
  flowCookie?: CookieValue | null;
  exchangeCookie?: CookieValue;
}

const signInError = (message: string): FlowStep => ({
  location: `/auth?error=${encodeURIComponent(message)}`,
  flowCookie: null,
});
/** A signed-in user who was connecting stays on the app; the client shows the message as a toast. */
const connectError = (message: string): FlowStep => ({
  location: `/?google_error=${encodeURIComponent(message)}`,
  flowCookie: null,
});
const accessDenied: FlowStep = { location: '/access-denied', flowCookie: null };

const statePayload = z.object({ n: z.string().min(16), exp: z.number() });
const flowPayload = z.object({
  n: z.string().min(16),
  v: z.string().min(43),
  u: z.number().int().positive().nullable(),
});
/** The browser's flow, and when its state expires. */
type Flow = z.infer<typeof flowPayload> & { exp: number };

export async function createConnectTicket({ db, clock }: Pick<GoogleFlowDeps, 'db' | 'clock'>, userId: number) {
  const ticket = createToken();
  const now = clock.now();
  await repo.insertConnectTicket(
    db,
    { ticketHash: hashToken(ticket), userId, expiresAt: new Date(now.getTime() + TICKET_LIFETIME_MS) },
    now,
  );
  return { ticket };
}

/** `GET /auth/google`: sends the browser to Google with a signed, expiring state; the PKCE verifier stays in a sealed cookie. */
export async function startGoogleAuth(deps: GoogleFlowDeps, ticket: string | undefined): Promise<FlowStep> {
  const { db, clock, oauth, flowBox, stateSigner } = deps;
  if (!oauth.isConfigured) return signInError(messages.notConfigured);
  let connectingUser: { id: number; email: string } | undefined;
  if (ticket !== undefined) {
    const row = await repo.consumeConnectTicket(db, hashToken(ticket), clock.now());
    const user = row && (await repo.findUserById(db, row.userId));
    if (!user) return connectError(messages.ticket);
    connectingUser = { id: user.id, email: user.email };
  }
  const nonce = generateState();
  const verifier = generateCodeVerifier();
  const state = stateSigner.sign({ n: nonce, exp: clock.now().getTime() + FLOW_LIFETIME_MS });
  const flow: z.infer<typeof flowPayload> = { n: nonce, v: verifier, u: connectingUser?.id ?? null };
  return {
    location: oauth.authorizationUrl(state, verifier, connectingUser?.email),
    flowCookie: { value: flowBox.encrypt(JSON.stringify(flow)), maxAgeSeconds: FLOW_LIFETIME_MS / 1000 },
  };
}

/** The flow of this browser when `state` is ours, unexpired and matches the browser's sealed cookie; else null. */
function verifyFlow(deps: GoogleFlowDeps, state: string | undefined, cookie: string | undefined): Flow | null {
  if (!state || !cookie) return null;
  const signed = statePayload.safeParse(deps.stateSigner.verify(state));
  if (!signed.success || signed.data.exp <= deps.clock.now().getTime()) return null;
  const opened = deps.flowBox.decrypt(cookie);
  if (opened === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(opened);
  } catch {
    return null;
  }
  const flow = flowPayload.safeParse(parsed);
  return flow.success && flow.data.n === signed.data.n ? { ...flow.data, exp: signed.data.exp } : null;
}

export const callbackQuery = z.object({
  code: z.string().optional().catch(undefined),
  state: z.string().optional().catch(undefined),
  error: z.string().optional().catch(undefined),
});
export type CallbackQuery = z.infer<typeof callbackQuery>;

/** `GET /auth/google/callback`: exchanges the code and signs in, registers or links; every outcome is a redirect. */
export async function completeGoogleAuth(
  deps: GoogleFlowDeps,
  query: CallbackQuery,
  cookie: string | undefined,
): Promise<FlowStep> {
  if (!deps.oauth.isConfigured) return signInError(messages.notConfigured);
  const flow = verifyFlow(deps, query.state, cookie);
  const fail = flow?.u ? connectError : signInError;
  if (query.error) {
    return fail(
      query.error === 'access_denied'
        ? messages.cancelled
        : `Google sign-in failed (${query.error.slice(0, 100)}). Please try again.`,
    );
  }
  if (!flow || !query.code) return signInError(messages.expired);
  // Each flow's callback is taken once: a replay of its URL with its cookie is refused here, not left to Google.
  if (!(await repo.spendFlow(deps.db, hashToken(flow.n), new Date(flow.exp), deps.clock.now())))
    return fail(messages.expired);

  let tokens: GoogleTokens;
  let profile: GoogleProfile;
  try {
    tokens = await deps.oauth.exchangeCode(query.code, flow.v);
    profile = await deps.oauth.fetchProfile(tokens.accessToken);
  } catch (error) {
    return fail(error instanceof OAuth2RequestError ? messages.failed : messages.unreachable);
  }
  if (!profile.email_verified) return fail(messages.unverified);
  const googleEmail = profile.email.trim().toLowerCase();

  const user = flow.u
    ? await repo.findUserById(deps.db, flow.u)
    : ((await repo.findUserByGoogleSubject(deps.db, profile.sub)) ??
      (await repo.findUserByEmail(deps.db, googleEmail)));
  if (flow.u && !user) return connectError(messages.ticket);
  if (flow.u && user && user.email !== googleEmail) return connectError(messages.otherAccount(user.email, googleEmail));
  if (!(await repo.findAuthorizedEmail(deps.db, user?.email ?? googleEmail))) return accessDenied;

  let userId: number;
  try {
    userId = await deps.db.transaction(async (tx) => {
      const account =
        user ??
        (await accounts.insertUser(tx, {
          email: googleEmail,
          passwordHash: null,
          firstName: profile.given_name?.trim() || firstNameFromEmail(googleEmail),
        }));
      await accounts.unlinkGoogleSubject(tx, profile.sub, account.id);
      await accounts.updateGoogleFields(tx, account.id, googleFieldsOf(deps, account, profile, tokens));
      return account.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return fail(messages.taken);
    throw error;
  }
  // Connecting: the browser keeps the session it connected with.
  if (flow.u) return { location: '/?google_connected=1', flowCookie: null };
  // Signing in: a one-time code for this browser, never the session token itself (URLs land in logs and history).
  const signIn = await issueSignInCode(deps, userId);
  return {
    location: `/?google_code=${encodeURIComponent(signIn.code)}`,
    flowCookie: null,
    exchangeCookie: signIn.cookie,
  };
}

function googleFieldsOf(
  { tokenBox }: GoogleFlowDeps,
  account: { id: number; googleRefreshToken: string | null; googleProfileImageUrl: string | null },
  profile: GoogleProfile,
  tokens: GoogleTokens,
): accounts.GoogleFields {
  const context = String(account.id);
  // Google sends a refresh token with every consent (prompt=consent); without one, the stored one still serves.
  const sealedRefreshToken = tokens.refreshToken
    ? tokenBox.encrypt(tokens.refreshToken, context)
    : account.googleRefreshToken;
  const canSend = tokens.scopes === null || tokens.scopes.includes(GMAIL_SEND_SCOPE);
  return {
    googleSubject: profile.sub,
    googleProfileImageUrl: profile.picture ?? account.googleProfileImageUrl,
    googleRefreshToken: sealedRefreshToken,
    googleAccessToken: tokenBox.encrypt(tokens.accessToken, context),
    googleAccessTokenExpiresAt: tokens.expiresAt,
    googleConnected: sealedRefreshToken !== null && canSend,
  };
}
