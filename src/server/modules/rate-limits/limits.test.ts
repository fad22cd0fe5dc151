import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { rateLimitHits } from '#server/db/schema';
import { createLocalStorage } from '#server/storage/local';
import { test } from '#server/testing/fixtures';
import {
  ADMIN_EMAIL,
  bearer,
  createRestartableDatabase,
  createTestApp,
  register,
  type TestContext,
} from '#server/testing/test-app';
import { runRetentionOnce } from '../retention';
import type { UserLimits } from './limits';

const LIMITS: UserLimits = {
  sends: { max: 3, windowMs: 10 * 60_000 },
  proofs: { max: 2, windowMs: 10 * 60_000 },
  emailTests: { max: 2, windowMs: 60_000 },
  vendorUpdates: { max: 2, windowMs: 60_000 },
  vendorPage: { max: 5, windowMs: 60_000 },
};

/** Two registrations (argon2) and a dozen requests: more than the default 20 s on a machine shared by parallel runs. */
const SLOW_MS = 60_000;

/** An app on its own DATA_DIR with small limits. */
const it = test
  .extend('env', ({ dataDir }): Record<string, string> => ({ DATA_DIR: dataDir }))
  .extend('appDeps', { rateLimits: LIMITS })
  /** Two instances of the app on one database, closed after the test before their databases. */
  .extend('instances', async ({ database, dataDir }, { onCleanup }) => {
    // Not startApp: the connections opened here must close after the apps, and startApp would close its apps after them.
    // PostgreSQL: each instance has its own connection pool. PGlite cannot be opened twice, so the instances share it.
    const restartable = process.env.TEST_DATABASE_URL ? await createRestartableDatabase() : undefined;
    const first = restartable ? await restartable.open() : database;
    const second = restartable ? await restartable.open() : first;
    const one = await createTestApp({ DATA_DIR: dataDir }, first, { rateLimits: LIMITS });
    const two = await createTestApp({ DATA_DIR: dataDir }, second, { rateLimits: LIMITS });
    onCleanup(async () => {
      await two.app.close();
      await one.app.close();
      if (restartable) {
        await second.close();
        await first.close();
        await restartable.cleanup();
      }
    });
    return [one, two] as const;
  });

/** A request the limit counts; its body is refused (400) after the limit, which keeps the test light. */
const post = (t: TestContext, url: string, token?: string) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: {} });

describe('per-user rate limits', () => {
  it(
    'answers 429 with Retry-After and a message once a user is over a limit, for that user and that limit only',
    async ({ t, admin, member: other }) => {
      // Anonymous requests are refused before they count.
      for (let i = 0; i < 4; i++) expect((await post(t, '/api/send-email-consolidated')).statusCode).toBe(401);
      for (let i = 0; i < 3; i++) expect((await post(t, '/api/send-email-consolidated', admin)).statusCode).toBe(400);
      const refused = await post(t, '/api/send-email-consolidated', admin);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('600');
      expect(refused.json()).toEqual({
        message: 'You can make at most 3 sends in 10 minutes. Please try again in 10 minutes.',
        code: 'too-many-requests',
      });

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
    },
    SLOW_MS,
  );

  it('limits proofs and the email test page', async ({ t, admin }) => {
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

  it('counts every request of a burst exactly once: 12 at once under a limit of 3 let 3 through', async ({
    t,
    admin,
  }) => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => post(t, '/api/send-email-consolidated', admin)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([400, 400, 400, ...Array<number>(9).fill(429)]);
  });

  it(
    'shares the counts between app instances on one database',
    async ({ instances }) => {
      const [one, two] = instances;
      const admin = await register(one.app, ADMIN_EMAIL);

      expect((await post(one, '/api/send-email-consolidated', admin)).statusCode).toBe(400);
      expect((await post(two, '/api/send-email-consolidated', admin)).statusCode).toBe(400);
      expect((await post(one, '/api/send-email-consolidated', admin)).statusCode).toBe(400);
      expect((await post(two, '/api/send-email-consolidated', admin)).statusCode).toBe(429);
      expect((await post(one, '/api/send-email-consolidated', admin)).statusCode).toBe(429);
    },
    SLOW_MS,
  );
});

describe('anonymous requests cannot grow the database', () => {
  it(
    '1,000 random vendor page tokens count against the client address (one row), and ended windows go with the maintenance run',
    { timeout: SLOW_MS },
    async ({ startApp, dataDir }) => {
      // The maintenance run by hand: the app's own timer would take this period's run.
      const t = await startApp({ DATA_DIR: dataDir }, undefined, {
        rateLimits: LIMITS,
        retention: { autoStart: false },
      });
      const rows = async () => (await t.database.db.select().from(rateLimitHits)).length;
      const before = await rows();
      const statuses = new Set<number>();
      for (let i = 0; i < 1000; i++) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/vendor-page',
          headers: bearer(randomBytes(32).toString('base64url')),
        });
        statuses.add(response.statusCode);
      }
      // Refused as no link, then limited by address (max 5 here): never answered with anything else.
      expect([...statuses].sort()).toEqual([401, 429]);
      expect((await rows()) - before).toBe(1);

      // The maintenance run (once across instances) removes the counts whose window has ended, and only those.
      t.clock.advance(LIMITS.vendorPage.windowMs);
      // Another address, its window still open.
      const other = await t.app.inject({
        method: 'GET',
        url: '/api/vendor-page',
        headers: bearer('x'),
        remoteAddress: '203.0.113.7',
      });
      expect(other.statusCode).toBe(401);
      const storage = createLocalStorage(join(dataDir, 'files'));
      const report = await runRetentionOnce(
        { db: t.database.db, clock: t.clock, storage, retentionDays: undefined },
        3_600_000,
      );
      expect(report).toMatchObject({ rateLimitRowsRemoved: before + 1 });
      expect(await rows()).toBe(1);
      t.clock.advance(LIMITS.vendorPage.windowMs);
      await runRetentionOnce({ db: t.database.db, clock: t.clock, storage, retentionDays: undefined }, 0);
      expect(await rows()).toBe(0);
    },
  );
});
