import { describe, expect } from 'vitest';
import { exchangeSignInCode, runGoogleFlow, signInCodeOf } from '#server/testing/google-flow';
import { ADMIN_EMAIL, register } from '#server/testing/test-app';
import { EXCHANGE_COOKIE, FLOW_COOKIE } from './routes';
import { exchangeRefused, SIGN_IN_CODE_LIFETIME_MS } from './sign-in-code';
import { it } from './google-fixtures';

describe('POST /api/auth/google/exchange', () => {
  const exchange = exchangeSignInCode;

  it('gives the session token once, clears the cookie and is never cached', async ({ t, getUser }) => {
    await register(t.app, ADMIN_EMAIL);
    const flow = await runGoogleFlow(t.app);
    const code = signInCodeOf(flow.location);
    const first = await exchange(t.app, code, flow.exchangeCookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.cookies.find((c) => c.name === EXCHANGE_COOKIE)).toMatchObject({
      value: '',
      path: '/api/auth/google/exchange',
    });
    expect((await getUser(first.json().token)).json().email).toBe(ADMIN_EMAIL);

    const again = await exchange(t.app, code, flow.exchangeCookie);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: exchangeRefused, code: 'unauthorized' });
  });

  it('refuses a code past its lifetime, which is under a minute', async ({ t }) => {
    expect(SIGN_IN_CODE_LIFETIME_MS).toBeLessThan(60 * 1000);
    await register(t.app, ADMIN_EMAIL);
    const flow = await runGoogleFlow(t.app);
    t.clock.advance(SIGN_IN_CODE_LIFETIME_MS);
    const response = await exchange(t.app, signInCodeOf(flow.location), flow.exchangeCookie);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: exchangeRefused, code: 'unauthorized' });
  });

  it("refuses the code without this browser's cookie, or with another browser's, and leaves it to its own browser", async ({
    t,
  }) => {
    await register(t.app, ADMIN_EMAIL);
    const mine = await runGoogleFlow(t.app);
    const theirs = await runGoogleFlow(t.app);
    const code = signInCodeOf(mine.location);
    for (const cookie of [
      undefined,
      theirs.exchangeCookie,
      'v1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      mine.start.cookies.find((c) => c.name === FLOW_COOKIE)!.value,
    ]) {
      const response = await exchange(t.app, code, cookie);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: exchangeRefused, code: 'unauthorized' });
    }
    expect((await exchange(t.app, code, mine.exchangeCookie)).statusCode).toBe(200);
    expect((await exchange(t.app, signInCodeOf(theirs.location), theirs.exchangeCookie)).statusCode).toBe(200);
  });

  it('answers 400 naming the field for a missing or malformed code', async ({ t }) => {
    for (const payload of [{}, { code: 42 }, { code: '' }, { code: 'x'.repeat(201) }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/google/exchange', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'code' });
    }
  });
});
