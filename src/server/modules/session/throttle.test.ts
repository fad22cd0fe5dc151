import { describe, expect } from 'vitest';
import { MEMBER_EMAIL, test } from '#server/testing/fixtures';
import { ADMIN_EMAIL, createInvite, PASSWORD, register } from '#server/testing/test-app';
import { ATTEMPT_LIMIT_PER_EMAIL, FAILURE_SLOWDOWN_PER_IP, ipPauseMs, SIGN_IN_WINDOW_MS } from './throttle';

/** The app with throttling's waits recorded in `pauses` instead of waited. */
const it = test
  .extend('pauses', (): number[] => [])
  .extend('appDeps', ({ pauses }) => ({
    pause: async (ms: number) => {
      pauses.push(ms);
    },
  }))
  .extend(
    'login',
    ({ app }) =>
      (email: string, password: string, ip = '203.0.113.7') =>
        app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip }),
  );

// Each checked password is an Argon2 verification (by design, also for unknown addresses): these tests make 20 to 40
// of them, so they get more time than the default on a busy machine.
const MANY_CHECKS_TIMEOUT_MS = 60_000;

describe('sign-in throttling', () => {
  it(
    'checks at most the limit of 30 parallel guesses at one address; the rest get 429 with Retry-After',
    async ({ app, login }) => {
      await register(app, ADMIN_EMAIL);
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => login(ADMIN_EMAIL, `guess ${i}`, `198.51.100.${i + 1}`)),
      );
      const checked = answers.filter((answer) => answer.statusCode === 401);
      const refused = answers.filter((answer) => answer.statusCode === 429);
      expect(checked.length).toBeLessThanOrEqual(ATTEMPT_LIMIT_PER_EMAIL);
      expect(checked.length + refused.length).toBe(30);
      for (const answer of refused) {
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(SIGN_IN_WINDOW_MS / 1000);
        expect(answer.json().message).toMatch(
          /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/,
        );
      }
      // The address itself is over its limit now, whatever the password.
      expect((await login(ADMIN_EMAIL, PASSWORD)).statusCode).toBe(429);
    },
    MANY_CHECKS_TIMEOUT_MS,
  );

  it(
    'slows an IP with many failures but never refuses a right password for an address under its limit',
    async ({ member: _registered, pauses, login }) => {
      const attacker = '192.0.2.66';
      // Spraying: two guesses at each of many addresses stays under every address's limit but not under the IP's.
      for (let i = 0; i < FAILURE_SLOWDOWN_PER_IP + 10; i++) {
        expect((await login(`target${i % 15}@agency.test`, 'guess', attacker)).statusCode).toBe(401);
      }
      pauses.length = 0;
      const right = await login(MEMBER_EMAIL, PASSWORD, attacker);
      expect(right.statusCode).toBe(200);
      expect(pauses).toContain(ipPauseMs(FAILURE_SLOWDOWN_PER_IP + 10));
      // A wrong password from that IP is still only a 401 (slowed), not a refusal.
      expect((await login(ADMIN_EMAIL, 'wrong', attacker)).statusCode).toBe(401);
      // Another IP is not slowed.
      pauses.length = 0;
      expect((await login(ADMIN_EMAIL, PASSWORD, '203.0.113.200')).statusCode).toBe(200);
      expect(pauses).toEqual([]);
    },
    MANY_CHECKS_TIMEOUT_MS,
  );

  it('clears the address count on success', async ({ app, login }) => {
    await register(app, ADMIN_EMAIL);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < ATTEMPT_LIMIT_PER_EMAIL - 1; i++)
        expect((await login(ADMIN_EMAIL, 'wrong')).statusCode).toBe(401);
      expect((await login(ADMIN_EMAIL, PASSWORD)).statusCode).toBe(200);
    }
  });

  it('throttles registration like sign-in, with the same counts per address', async ({ t }) => {
    for (let i = 0; i < ATTEMPT_LIMIT_PER_EMAIL; i++) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { email: ADMIN_EMAIL, password: PASSWORD, invite: `made-up-${i}` },
      });
      expect(refused.statusCode).toBe(403);
    }
    const invite = await createInvite(t.app, ADMIN_EMAIL);
    const throttled = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: ADMIN_EMAIL, password: PASSWORD, invite },
    });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('900');
    t.clock.advance(SIGN_IN_WINDOW_MS + 1000);
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: ADMIN_EMAIL, password: PASSWORD, invite },
    });
    expect(later.statusCode).toBe(201);
  });
});
