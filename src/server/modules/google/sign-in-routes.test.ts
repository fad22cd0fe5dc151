import { createHash } from 'node:crypto';
import { describe, expect } from 'vitest';
import { createSecretBox, createSigner } from '#server/auth/secret-box';
import { fakeGoogleEnv } from '#server/testing/fake-google';
import { errorOf, runGoogleFlow, sessionOf, signInCodeOf, type GoogleFlowOptions } from '#server/testing/google-flow';
import { ADMIN_EMAIL, bearer, register } from '#server/testing/test-app';
import { EXCHANGE_COOKIE, FLOW_COOKIE } from './routes';
import { messages } from './service';
import { SIGN_IN_CODE_LIFETIME_MS } from './sign-in-code';
import { it } from './google-fixtures';

describe('GET /auth/google', () => {
  it('starts the authorization-code flow with PKCE S256, a signed state, offline access and consent', async ({
    t,
    fake,
  }) => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/google' });
    expect(response.statusCode).toBe(302);
    const url = new URL(response.headers.location as string);
    expect(url.origin + url.pathname).toBe(`${fake.url}/authorize`);
    const params = url.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(fakeGoogleEnv(fake).GOOGLE_CLIENT_ID);
    expect(params.get('redirect_uri')).toBe('https://dispatch.agency.test/auth/google/callback');
    expect(params.get('scope')).toBe('openid email profile https://www.googleapis.com/auth/gmail.send');
    expect(params.get('access_type')).toBe('offline');
    expect(params.get('prompt')).toBe('consent');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(params.has('login_hint')).toBe(false);

    const cookie = response.cookies.find((c) => c.name === FLOW_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/auth/google', secure: true, maxAge: 600 });
    // The verifier travels only sealed in the cookie, never in the URL.
    expect(response.headers.location).not.toContain(cookie.value);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('redirects to /auth with a clear message when Google is not configured', async ({ startApp }) => {
    const plain = await startApp();
    const response = await plain.app.inject({ method: 'GET', url: '/auth/google' });
    expect(response.statusCode).toBe(302);
    expect(errorOf(response.headers.location as string)).toBe('Google sign-in is not configured on this server.');
    expect(response.headers.location).toMatch(/^\/auth\?error=/);
  });
});

describe('GET /auth/google/callback', () => {
  it('signs in an existing user, stores the refresh token encrypted and sets the picture', async ({
    t,
    fake,
    userRow,
    getUser,
  }) => {
    await register(t.app, ADMIN_EMAIL);
    const sessionsBefore = (await t.database.db.query.sessions.findMany()).length;
    const flow = await runGoogleFlow(t.app);
    expect(flow.callback.statusCode).toBe(302);
    // A one-time code in the URL, never the session token (URLs end up in logs, proxies and the browser's history).
    expect(flow.location).toMatch(/^\/\?google_code=[\w-]{40,}$/);
    expect(flow.callback.headers['referrer-policy']).toBe('no-referrer');
    expect(flow.callback.headers['cache-control']).toBe('no-store');
    // The flow cookie is cleared; the exchange cookie binds the code to this browser and goes only to the exchange.
    expect(flow.callback.cookies.find((c) => c.name === FLOW_COOKIE)).toMatchObject({
      value: '',
      path: '/auth/google',
    });
    expect(flow.callback.cookies.find((c) => c.name === EXCHANGE_COOKIE)).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth/google/exchange',
      secure: true,
      maxAge: SIGN_IN_CODE_LIFETIME_MS / 1000,
    });
    expect(flow.exchangeCookie).not.toContain(signInCodeOf(flow.location));
    // No session exists until the code is exchanged.
    expect(await t.database.db.query.sessions.findMany()).toHaveLength(sessionsBefore);

    const user = await getUser(await sessionOf(t.app, flow));
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({
      email: ADMIN_EMAIL,
      isAdmin: true,
      googleProfileImageUrl: 'https://lh3.example/ada.png',
    });

    const row = (await userRow(ADMIN_EMAIL))!;
    expect(row.googleConnected).toBe(true);
    expect(row.googleSubject).toBe('sub-admin');
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const [refreshToken] = fake.refreshTokensOf(ADMIN_EMAIL);
    expect(row.googleRefreshToken).toMatch(/^v1\./);
    expect(row.googleRefreshToken).not.toContain(refreshToken);
    const box = createSecretBox(t.config.secretKey!, 'google-tokens');
    expect(box.decrypt(row.googleRefreshToken!, String(row.id))).toBe(refreshToken);
    // Bound to its user: the same ciphertext does not open as another user's.
    expect(box.decrypt(row.googleRefreshToken!, String(row.id + 1))).toBeNull();
    expect(row.googleAccessTokenExpiresAt!.getTime()).toBe(t.clock.now().getTime() + 3599 * 1000);
  });

  it('sends the PKCE verifier that matches the challenge, with the client authenticated', async ({ t, fake }) => {
    await runGoogleFlow(t.app);
    const challenge = fake.authorizeRequests[0]!.get('code_challenge');
    const exchange = fake.tokenRequests.find((request) => request.grantType === 'authorization_code')!;
    expect(createHash('sha256').update(exchange.params.get('code_verifier')!).digest('base64url')).toBe(challenge);
    expect(exchange.params.get('redirect_uri')).toBe('https://dispatch.agency.test/auth/google/callback');
    expect(exchange.clientAuth).toBe('basic');
  });

  it('registers an authorized address on its first Google sign-in, with the first name from Google', async ({
    t,
    fake,
    admin,
    userRow,
    getUser,
  }) => {
    await t.app.inject({
      method: 'POST',
      url: '/api/authorized-emails',
      headers: bearer(admin),
      payload: { email: 'grace.h@agency.test' },
    });
    fake.account = {
      sub: 'sub-grace',
      email: 'Grace.H@agency.test',
      email_verified: true,
      given_name: 'Grace',
      picture: 'https://lh3.example/g.png',
    };

    const flow = await runGoogleFlow(t.app);
    const token = await sessionOf(t.app, flow);
    expect((await getUser(token)).json()).toMatchObject({
      email: 'grace.h@agency.test',
      isAdmin: false,
      hasRegistered: true,
    });
    const firstName = await t.app.inject({ method: 'GET', url: '/api/user/first-name', headers: bearer(token) });
    expect(firstName.json()).toEqual({ firstName: 'Grace' });
    const row = (await userRow('grace.h@agency.test'))!;
    expect(row.passwordHash).toBeNull();
    expect(row.googleConnected).toBe(true);

    // The admin's list shows the account as registered, and a second Google sign-in finds the same account.
    const again = await runGoogleFlow(t.app);
    expect((await getUser(await sessionOf(t.app, again))).json().id).toBe(row.id);
    expect(await t.database.db.query.users.findMany()).toHaveLength(2);
  });

  it('sends an address that is not on the authorized list to /access-denied and creates nothing', async ({
    t,
    fake,
  }) => {
    fake.account = { sub: 'sub-stranger', email: 'stranger@else.com', email_verified: true, given_name: 'S' };
    const flow = await runGoogleFlow(t.app);
    expect(flow.location).toBe('/access-denied');
    expect(flow.callback.headers['referrer-policy']).toBe('no-referrer');
    expect(await t.database.db.query.users.findMany()).toEqual([]);
  });

  it('refuses a Google address that Google has not verified', async ({ t, fake }) => {
    fake.account = { sub: 'sub-admin', email: ADMIN_EMAIL, email_verified: false };
    const flow = await runGoogleFlow(t.app);
    expect(errorOf(flow.location)).toBe(messages.unverified);
    expect(await t.database.db.query.users.findMany()).toEqual([]);
  });

  it('lands on /auth with a message when the consent is cancelled', async ({ t, fake }) => {
    fake.authorizeError = 'access_denied';
    const flow = await runGoogleFlow(t.app);
    expect(flow.location).toBe(`/auth?error=${encodeURIComponent('Google sign-in was cancelled.')}`);
    expect(fake.tokenRequests).toEqual([]);
  });

  it.for<[string, GoogleFlowOptions]>([
    [
      'a forged state',
      {
        alterCallback: (url: URL) =>
          url.searchParams.set('state', `${url.searchParams.get('state')!.split('.')[0]}.AAAA`),
      },
    ],
    [
      'a state signed with another key',
      {
        alterCallback: (url: URL) =>
          url.searchParams.set(
            'state',
            createSigner('y'.repeat(40), 'google-oauth-state').sign({ n: 'n'.repeat(43), exp: 9e15 }),
          ),
      },
    ],
    ['no flow cookie', { cookie: null }],
    ['a tampered flow cookie', { cookie: 'v1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
    ['no code', { alterCallback: (url: URL) => url.searchParams.delete('code') }],
  ])('lands on /auth with a message for %s', async ([, options], { t, fake }) => {
    const flow = await runGoogleFlow(t.app, options);
    expect(flow.location).toMatch(/^\/auth\?error=/);
    expect(errorOf(flow.location)).toBe(messages.expired);
    expect(fake.tokenRequests).toEqual([]);
  });

  it('refuses a state whose flow expired, and the cookie of another browser', async ({ t, fake }) => {
    const expired = await runGoogleFlow(t.app, { alterCallback: () => t.clock.advance(10 * 60 * 1000 + 1) });
    expect(errorOf(expired.location)).toBe(messages.expired);

    // Login CSRF: a callback URL from someone else's flow, arriving with this browser's own flow cookie.
    const mine = await t.app.inject({ method: 'GET', url: '/auth/google' });
    const myCookie = mine.cookies.find((c) => c.name === FLOW_COOKIE)!.value;
    const theirs = await runGoogleFlow(t.app, { cookie: myCookie });
    expect(errorOf(theirs.location)).toBe(messages.expired);
    expect(fake.tokenRequests).toEqual([]);
  });

  it('refuses a replayed callback (its state and flow cookie already used) even when Google would take the code again', async ({
    t,
    fake,
  }) => {
    // Our callback is what refuses it: this Google exchanges a used code a second time.
    fake.acceptsUsedCodes = true;
    const first = await runGoogleFlow(t.app);
    signInCodeOf(first.location);
    const tokenRequests = fake.tokenRequests.length;
    const sessionsBefore = (await t.database.db.query.sessions.findMany()).length;
    const replay = await t.app.inject({
      method: 'GET',
      url: first.callbackUrl.pathname + first.callbackUrl.search,
      cookies: { [FLOW_COOKIE]: first.start.cookies.find((c) => c.name === FLOW_COOKIE)!.value },
    });
    expect(replay.statusCode).toBe(302);
    expect(errorOf(replay.headers.location as string)).toBe(messages.expired);
    expect(replay.cookies.find((c) => c.name === EXCHANGE_COOKIE)).toBeUndefined();
    // Refused before the code went to Google, and no sign-in code or session came of it.
    expect(fake.tokenRequests).toHaveLength(tokenRequests);
    expect(await t.database.db.query.googleSignInCodes.findMany()).toHaveLength(1);
    expect(await t.database.db.query.sessions.findMany()).toHaveLength(sessionsBefore);
  });

  it('does not accept a code twice (Google refuses a used code)', async ({ t }) => {
    const first = await runGoogleFlow(t.app);
    signInCodeOf(first.location);
    // A fresh flow of this browser that carries the used code: our side lets it through, Google refuses it.
    const second = await runGoogleFlow(t.app, {
      alterCallback: (url) => url.searchParams.set('code', first.callbackUrl.searchParams.get('code')!),
    });
    expect(errorOf(second.location)).toBe(messages.failed);
  });
});
