import { describe, expect } from 'vitest';
import { runGoogleFlow, sessionOf, signInCodeOf } from '#server/testing/google-flow';
import { ADMIN_EMAIL } from '#server/testing/test-app';
import { FLOW_COOKIE } from './routes';
import { it } from './google-fixtures';

describe('the server log during Google sign-in', () => {
  it.override('appDeps', ({ logs }) => ({ logger: { level: 'trace', stream: logs.stream } }));

  it('holds no session token, sign-in code, connect ticket, OAuth code or state, cookie or refresh token', async ({
    t,
    fake,
    admin,
    logs,
    getUser,
    connectTicket,
  }) => {
    const secrets: string[] = [];

    // A password user connects Google through a ticket, then a Google user signs in and exchanges the code.
    fake.account = { sub: 'sub-admin', email: ADMIN_EMAIL, email_verified: true, given_name: 'Ada' };
    const ticket = await connectTicket(admin);
    const connect = await runGoogleFlow(t.app, { ticket });
    expect(connect.location).toBe('/?google_connected=1');
    const signIn = await runGoogleFlow(t.app);
    const code = signInCodeOf(signIn.location);
    const token = await sessionOf(t.app, signIn);
    // The browser then loads the page the redirect named, and uses its session.
    await t.app.inject({ method: 'GET', url: signIn.location });
    expect((await getUser(token)).statusCode).toBe(200);

    for (const flow of [connect, signIn]) {
      secrets.push(flow.callbackUrl.searchParams.get('code')!, flow.callbackUrl.searchParams.get('state')!);
      secrets.push(flow.start.cookies.find((c) => c.name === FLOW_COOKIE)!.value);
    }
    secrets.push(admin, ticket, code, signIn.exchangeCookie!, token, ...fake.refreshTokensOf(ADMIN_EMAIL));
    expect(secrets.every((secret) => typeof secret === 'string' && secret.length >= 16)).toBe(true);

    const text = logs.text();
    // The log did record the whole sign-in, request by request.
    expect(text).toContain('/auth/google/callback?[redacted]');
    expect(text).toContain('/api/auth/google/exchange');
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
