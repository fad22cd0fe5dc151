import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import { temporaryDataDir } from '#server/testing/send-fixtures';
import { ADMIN_EMAIL, addAndRegister, bearer, createRestartableDatabase, createTestApp, openTestDatabase, register, type TestContext } from '#server/testing/test-app';
import type { UserLimits } from './limits';

const LIMITS: UserLimits = {
  sends: { max: 3, windowMs: 10 * 60_000 },
  proofs: { max: 2, windowMs: 10 * 60_000 },
  emailTests: { max: 2, windowMs: 60_000 },
};

/** Two registrations (argon2) and a dozen requests: more than the default 20 s on a machine shared by parallel runs. */
const SLOW_MS = 60_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(existing?: Database) {
  const data = temporaryDataDir();
  const t = await createTestApp({ DATA_DIR: data.dir }, existing, { rateLimits: LIMITS });
  cleanups.push(data.remove, existing ? () => t.app.close() : () => t.close());
  return t;
}

/** A request the limit counts; its body is refused (400) after the limit, which keeps the test light. */
const post = (t: TestContext, url: string, token?: string) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: {} });

describe('per-user rate limits', () => {
  it('answers 429 with Retry-After and a message once a user is over a limit, for that user and that limit only', async () => {
    const t = await start();
    const admin = await register(t.app, ADMIN_EMAIL);
    const other = await addAndRegister(t.app, admin, 'other@agency.test');

    // Anonymous requests are refused before they count.
    for (let i = 0; i < 4; i++) expect((await post(t, '/api/send-email-consolidated')).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expect((await post(t, '/api/send-email-consolidated', admin)).statusCode).toBe(400);
    const refused = await post(t, '/api/send-email-consolidated', admin);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('600');
    expect(refused.json()).toEqual({ message: 'You can make at most 3 sends in 10 minutes. Please try again in 10 minutes.' });

    // Another user, and the same user's proofs and test emails, have their own counts.
    expect((await post(t, '/api/send-email-consolidated', other)).statusCode).toBe(400);
    expect((await post(t, '/api/send-proof', admin)).statusCode).toBe(400);
    expect((await post(t, '/api/send-email', admin)).statusCode).toBe(400);

    t.clock.advance(4 * 60_000 + 30_000);
    const later = await post(t, '/api/send-email-consolidated', admin);
    expect(later.headers['retry-after']).toBe('330');
    expect(later.json().message).toBe('You can make at most 3 sends in 10 minutes. Please try again in 6 minutes.');

    t.clock.advance(6 * 60_000);
    expect((await post(t, '/api/send-email-consolidated', admin)).statusCode).toBe(400);
  }, SLOW_MS);

  it('limits proofs and the email test page', async () => {
    const t = await start();
    const admin = await register(t.app, ADMIN_EMAIL);
    for (let i = 0; i < 2; i++) expect((await post(t, '/api/send-proof', admin)).statusCode).toBe(400);
    const proofs = await post(t, '/api/send-proof', admin);
    expect(proofs.statusCode).toBe(429);
    expect(proofs.json().message).toBe('You can make at most 2 proofs in 10 minutes. Please try again in 10 minutes.');
    for (let i = 0; i < 2; i++) expect((await post(t, '/api/send-email', admin)).statusCode).toBe(400);
    const tests = await post(t, '/api/send-email', admin);
    expect(tests.statusCode).toBe(429);
    expect(tests.headers['retry-after']).toBe('60');
    expect(tests.json().message).toBe('You can make at most 2 test emails in 1 minute. Please try again in 1 minute.');
  });

  it('counts every request of a burst exactly once: 12 at once under a limit of 3 let 3 through', async () => {
    const t = await start();
    const admin = await register(t.app, ADMIN_EMAIL);
    const answers = await Promise.all(Array.from({ length: 12 }, () => post(t, '/api/send-email-consolidated', admin)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([400, 400, 400, ...Array<number>(9).fill(429)]);
  });

  it('shares the counts between app instances on one database', async () => {
    // PostgreSQL: each instance has its own connection pool. PGlite cannot be opened twice, so the instances share it.
    const restartable = process.env.TEST_DATABASE_URL ? await createRestartableDatabase() : undefined;
    if (restartable) cleanups.push(restartable.cleanup);
    const first = restartable ? await restartable.open() : await openTestDatabase();
    cleanups.push(() => first.close());
    const second = restartable ? await restartable.open() : first;
    if (second !== first) cleanups.push(() => second.close());
    const one = await start(first);
    const two = await start(second);
    const admin = await register(one.app, ADMIN_EMAIL);

    expect((await post(one, '/api/send-email-consolidated', admin)).statusCode).toBe(400);
    expect((await post(two, '/api/send-email-consolidated', admin)).statusCode).toBe(400);
    expect((await post(one, '/api/send-email-consolidated', admin)).statusCode).toBe(400);
    expect((await post(two, '/api/send-email-consolidated', admin)).statusCode).toBe(429);
    expect((await post(one, '/api/send-email-consolidated', admin)).statusCode).toBe(429);
  }, SLOW_MS);
});
