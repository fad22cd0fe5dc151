import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { loadConfig } from '#server/config';
import { users } from '#server/db/schema';
import { AppError } from '#server/errors';
import { fakeGoogleEnv } from '#server/testing/fake-google';
import { test } from '#server/testing/fixtures';
import { runGoogleFlow, sessionOf } from '#server/testing/google-flow';
import { ADMIN_EMAIL, bearer } from '#server/testing/test-app';
import { CONNECTION_GONE_MESSAGE, NOT_CONNECTED_MESSAGE } from './access-token';
import { createGoogleContext } from './context';

/** An app pointed at the fake Google, its admin signed in through it; `tokens` is a Google context of its own on the app's database. */
const it = test
  .extend('fake', ({ google }) => {
    google.account = { sub: 'sub-admin', email: ADMIN_EMAIL, email_verified: true, given_name: 'Ada' };
    return google;
  })
  .extend('env', ({ fake }) => fakeGoogleEnv(fake))
  .extend(
    'tokens',
    ({ t }) => createGoogleContext({ config: t.config, db: t.database.db, clock: t.clock }).accessTokens,
  )
  .extend('userId', async ({ t }) => {
    const flow = await runGoogleFlow(t.app);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(await sessionOf(t.app, flow)) });
    return me.json().id as number;
  })
  .extend(
    'refreshes',
    ({ fake }) =>
      () =>
        fake.tokenRequests.filter((request) => request.grantType === 'refresh_token').length,
  )
  .extend(
    'row',
    ({ t, userId }) =>
      async () =>
        (await t.database.db.query.users.findFirst({ where: eq(users.id, userId) }))!,
  )
  /** The access token Gmail accepts: checked against the fake's userinfo. */
  .extend('isAcceptedByGoogle', ({ fake }) => async (accessToken: string) => {
    const response = await fetch(`${fake.url}/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } });
    return response.ok;
  });

describe('getGoogleAccessToken', () => {
  it('serves the stored access token while it is valid, without asking Google', async ({
    t,
    tokens,
    userId,
    refreshes,
    row,
    isAcceptedByGoogle,
  }) => {
    const first = await tokens.getGoogleAccessToken(userId);
    t.clock.advance(30 * 60 * 1000);
    expect(await tokens.getGoogleAccessToken(userId)).toBe(first);
    expect(await isAcceptedByGoogle(first)).toBe(true);
    expect(refreshes()).toBe(0);
    expect((await row()).googleAccessToken).not.toContain(first);
  });

  it('refreshes an expired access token with the refresh token, stores it encrypted, and shares it', async ({
    t,
    tokens,
    userId,
    refreshes,
    row,
    isAcceptedByGoogle,
  }) => {
    const first = await tokens.getGoogleAccessToken(userId);
    t.clock.advance(3599 * 1000 - 30_000); // within the safety margin of the expiry
    const [a, b] = await Promise.all([tokens.getGoogleAccessToken(userId), tokens.getGoogleAccessToken(userId)]);
    expect(a).toBe(b);
    expect(a).not.toBe(first);
    expect(refreshes()).toBe(1);
    expect(await isAcceptedByGoogle(a)).toBe(true);

    const stored = await row();
    expect(stored.googleAccessToken).not.toContain(a);
    expect(stored.googleAccessTokenExpiresAt!.getTime()).toBe(t.clock.now().getTime() + 3599 * 1000);
    // Another instance (a new service on the same database) uses the stored token.
    const other = createGoogleContext({ config: t.config, db: t.database.db, clock: t.clock }).accessTokens;
    expect(await other.getGoogleAccessToken(userId)).toBe(a);
    expect(refreshes()).toBe(1);
  });

  it('refreshes on demand when Google refused the current token', async ({ tokens, userId, refreshes }) => {
    const first = await tokens.getGoogleAccessToken(userId);
    const forced = await tokens.getGoogleAccessToken(userId, { forceRefresh: true });
    expect(forced).not.toBe(first);
    expect(refreshes()).toBe(1);
  });

  it('marks the connection gone on invalid_grant and answers requiresGoogleAuth from then on', async ({
    t,
    fake,
    tokens,
    userId,
    refreshes,
    row,
    isAcceptedByGoogle,
  }) => {
    fake.refreshError = 'invalid_grant';
    t.clock.advance(2 * 60 * 60 * 1000);
    const failure = await tokens.getGoogleAccessToken(userId).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({
      statusCode: 403,
      message: CONNECTION_GONE_MESSAGE,
      extra: { requiresGoogleAuth: true },
    });

    const stored = await row();
    expect(stored).toMatchObject({ googleConnected: false, googleRefreshToken: null, googleAccessToken: null });
    await expect(tokens.getGoogleAccessToken(userId)).rejects.toMatchObject({
      message: NOT_CONNECTED_MESSAGE,
      extra: { requiresGoogleAuth: true },
    });
    expect(refreshes()).toBe(1);

    // The app session is untouched; signing in with Google again reconnects.
    fake.refreshError = null;
    await runGoogleFlow(t.app);
    expect((await row()).googleConnected).toBe(true);
    expect(await isAcceptedByGoogle(await tokens.getGoogleAccessToken(userId))).toBe(true);
  });

  it('answers requiresGoogleAuth for a user who never connected Google', async ({ t, tokens, userId }) => {
    await t.database.db
      .update(users)
      .set({ googleConnected: false, googleRefreshToken: null })
      .where(eq(users.id, userId));
    await expect(tokens.getGoogleAccessToken(userId)).rejects.toMatchObject({
      statusCode: 403,
      extra: { requiresGoogleAuth: true },
    });
  });

  it('answers 503 without disconnecting when Google cannot be reached', async ({ t, fake, userId, row }) => {
    const config = loadConfig({
      ...fakeGoogleEnv(fake),
      GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token',
      SECRET_KEY: t.config.secretKey,
    });
    const cutOff = createGoogleContext({ config, db: t.database.db, clock: t.clock }).accessTokens;
    t.clock.advance(2 * 60 * 60 * 1000);
    await expect(cutOff.getGoogleAccessToken(userId)).rejects.toMatchObject({ statusCode: 503 });
    expect((await row()).googleConnected).toBe(true);
  });
});
