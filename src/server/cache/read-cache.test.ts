import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { CHANGE_FEED_APPLICATION_NAME, type ChangeFeed, type ChangeHandlers } from '#server/db/change-feed';
import { approvalEmails, vendors } from '#server/db/schema';
import { it, MEMBER_EMAIL } from '#server/testing/fixtures';
import { createReadCache } from './read-cache';
import { ADMIN_EMAIL, bearer, type TestContext } from '#server/testing/test-app';

const acme = {
  vendorId: 'acme',
  name: 'Acme',
  emails: ['ops@acme.test'],
  defaultUtmSource: 'acme',
  emailProspectingKey: null,
  textProspectingKey: null,
};
const zenith = { ...acme, vendorId: 'zenith', name: 'Zenith', emails: ['ops@zenith.test'] };

const get = async (context: TestContext, url: string, token: string) =>
  context.app.inject({ method: 'GET', url, headers: bearer(token) });
const vendorIdsOn = async (context: TestContext, token: string) => {
  const response = await get(context, '/api/vendors', token);
  expect(response.statusCode).toBe(200);
  return (response.json() as { vendorId: string }[]).map((vendor) => vendor.vendorId);
};

/** How long `expect.poll` waits here for a check to hold, and how often it looks. */
const TEN_SECONDS = { timeout: 10_000, interval: 25 };

/**
 * The real feed, with the test holding back its return after a loss: between `onLost` and `release()` the app runs as
 * it does while its notification session is down.
 */
function heldAfterLoss(feed: ChangeFeed) {
  const state = { losses: 0, isLive: false, isHeld: true };
  let pendingLive: (() => void) | undefined;
  const wrapped: ChangeFeed = {
    start(handlers: ChangeHandlers) {
      feed.start({
        onChange: handlers.onChange,
        onLost() {
          state.losses++;
          state.isLive = false;
          handlers.onLost();
        },
        onLive() {
          const live = () => {
            state.isLive = true;
            handlers.onLive();
          };
          if (state.losses > 0 && state.isHeld) pendingLive = live;
          else live();
        },
      });
    },
    settle: () => feed.settle(),
    close: () => feed.close(),
  };
  return {
    feed: wrapped,
    state,
    release() {
      state.isHeld = false;
      pendingLive?.();
    },
  };
}

describe('the read cache across two instances on one database', () => {
  it('shows a write made on one instance on the next request to the other', async ({
    t,
    admin,
    database,
    startApp,
  }) => {
    const other = await startApp({}, database);
    // Read twice on the other instance, so the list is held in its cache.
    expect(await vendorIdsOn(other, admin)).toEqual([]);
    expect(await vendorIdsOn(other, admin)).toEqual([]);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/vendors', headers: bearer(admin), payload: acme })).statusCode,
    ).toBe(201);
    expect(await vendorIdsOn(other, admin)).toEqual(['acme']);

    await get(other, '/api/vendor-splits', admin);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/vendor-splits',
          headers: bearer(admin),
          payload: { vendorId: 'acme', splitRatio: '60/40' },
        })
      ).statusCode,
    ).toBe(201);
    expect((await get(other, '/api/vendor-splits', admin)).json()).toEqual([{ vendorId: 'acme', splitRatio: '60/40' }]);
  });

  it('refuses a removed user on the other instance on its next request, and a logged-out token too', async ({
    t,
    admin,
    member,
    database,
    startApp,
  }) => {
    const other = await startApp({}, database);
    expect((await get(other, '/api/user', member)).statusCode).toBe(200);
    expect((await get(other, '/api/user', member)).statusCode).toBe(200);
    const users = (await get(t, '/api/users', admin)).json() as { email: string; authorizedEmailId: number }[];
    const row = users.find((user) => user.email === MEMBER_EMAIL)!;
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/authorized-emails/${row.authorizedEmailId}`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(204);
    expect((await get(other, '/api/user', member)).statusCode).toBe(403);
    expect((await get(other, '/api/vendors', member)).statusCode).toBe(403);

    expect((await get(other, '/api/user', admin)).json()).toMatchObject({ email: ADMIN_EMAIL });
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(admin) })).statusCode).toBe(204);
    expect((await get(other, '/api/user', admin)).statusCode).toBe(401);
  });

  it('shows a write made outside the app (straight SQL): the database announces it', async ({ t, admin, database }) => {
    expect(await vendorIdsOn(t, admin)).toEqual([]);
    expect(await vendorIdsOn(t, admin)).toEqual([]);
    await database.db.insert(vendors).values({ ...acme, createdAt: new Date(), updatedAt: new Date() });
    // PGlite announces the commit before the insert resolves; PostgreSQL a moment after it.
    await expect
      .poll(async () => (await vendorIdsOn(t, admin)).includes('acme'), {
        message: 'the cached list drops',
        ...TEN_SECONDS,
      })
      .toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'the read cache when its notification session is killed (PostgreSQL)',
  () => {
    it('reads from the database, never from the cache, until the session is back; then caches again', async ({
      t,
      admin,
      database,
      startApp,
    }) => {
      const held = heldAfterLoss(database.openChangeFeed());
      const other = await startApp({}, database, { changeFeed: held.feed });
      await expect.poll(() => held.state.isLive, { message: 'the feed listens', ...TEN_SECONDS }).toBe(true);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/vendors', headers: bearer(admin), payload: acme })).statusCode,
      ).toBe(201);
      expect(await vendorIdsOn(other, admin)).toEqual(['acme']);
      expect(await vendorIdsOn(other, admin)).toEqual(['acme']);

      const killed = await database.db.execute<{ killed: boolean }>(
        sql`select pg_terminate_backend(pid) as killed from pg_stat_activity where application_name = ${CHANGE_FEED_APPLICATION_NAME} and datname = current_database()`,
      );
      // This test's two instances: the first one's own feed and the held one.
      expect(killed.rows.length).toBe(2);
      await expect
        .poll(() => held.state.losses > 0, {
          message: 'the other instance sees its notification session end',
          ...TEN_SECONDS,
        })
        .toBe(true);

      // A write nobody is told about: the other instance has nothing to go on but the database.
      await database.db.insert(vendors).values({ ...zenith, createdAt: new Date(), updatedAt: new Date() });
      expect(await vendorIdsOn(other, admin)).toEqual(['acme', 'zenith']);
      await database.db.delete(vendors).where(sql`${vendors.vendorId} = 'zenith'`);
      expect(await vendorIdsOn(other, admin)).toEqual(['acme']);

      held.release();
      await expect
        .poll(() => held.state.isLive, { message: 'the notification session is back', ...TEN_SECONDS })
        .toBe(true);
      expect(await vendorIdsOn(other, admin)).toEqual(['acme']);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/vendors', headers: bearer(admin), payload: zenith }))
          .statusCode,
      ).toBe(201);
      // PostgreSQL announces the commit a moment after it: the other instance's cached list drops once it hears.
      await expect
        .poll(async () => vendorIdsOn(other, admin), {
          message: 'the other instance hears of the write',
          ...TEN_SECONDS,
        })
        .toEqual(['acme', 'zenith']);
    });
  },
);

/** Waits until the cache keeps a read, that is until its change feed listens. */
async function untilTheFeedListens(cache: ReturnType<typeof createReadCache>) {
  await expect
    .poll(
      async () =>
        (await cache.read('probe', ['vendors'], async () => 1)) === 1 &&
        (await cache.read('probe', ['vendors'], async () => 2)) === 1,
      { message: 'the feed listens', ...TEN_SECONDS },
    )
    .toBe(true);
}

describe('createReadCache', () => {
  it('keeps a read until a write to its tables, but never one that a write overlapped', async ({ database }) => {
    const cache = createReadCache(database.openChangeFeed());
    try {
      await untilTheFeedListens(cache);
      let loads = 0;
      const load = async () => ++loads;
      expect(await cache.read('k', ['vendors'], load)).toBe(1);
      expect(await cache.read('k', ['vendors'], load)).toBe(1);
      // A write to another table leaves it.
      await database.db.insert(approvalEmails).values({ email: 'a@agency.test', createdAt: new Date() });
      await cache.settle();
      expect(await cache.read('k', ['vendors'], load)).toBe(1);

      // The value read before a write commits, returned after: not kept.
      const overlapped = await cache.read('o', ['vendors'], async () => {
        await database.db.insert(vendors).values({ ...acme, createdAt: new Date(), updatedAt: new Date() });
        await cache.settle();
        return 'read before the write';
      });
      expect(overlapped).toBe('read before the write');
      expect(await cache.read('o', ['vendors'], async () => 'read after')).toBe('read after');
      expect(await cache.read('k', ['vendors'], load)).toBe(2);

      // Nothing is kept for an absent value (an unknown token).
      let absentLoads = 0;
      await cache.read('absent', ['sessions'], async () => void absentLoads++);
      await cache.read('absent', ['sessions'], async () => void absentLoads++);
      expect(absentLoads).toBe(2);
    } finally {
      await cache.close();
    }
  });

  it('shares one load among the reads that miss together, but not with a read that comes after a change', async ({
    database,
  }) => {
    const cache = createReadCache(database.openChangeFeed());
    try {
      await untilTheFeedListens(cache);
      let loads = 0;
      let finish!: () => void;
      const held = new Promise<void>((resolve) => (finish = resolve));
      const load = async () => {
        const mine = ++loads;
        await held;
        return mine;
      };
      const together = Array.from({ length: 20 }, () => cache.read('k', ['vendors'], load));
      expect(loads).toBe(1);

      // A write to its tables while the load runs: the next read must not take what the load may have read before it.
      await database.db.insert(vendors).values({ ...acme, createdAt: new Date(), updatedAt: new Date() });
      await cache.settle();
      const after = cache.read('k', ['vendors'], load);
      expect(loads).toBe(2);
      finish();
      expect(await Promise.all(together)).toEqual(Array.from({ length: 20 }, () => 1));
      expect(await after).toBe(2);
      // The first load overlapped the write (not kept); the second started after it and is kept.
      expect(await cache.read('k', ['vendors'], load)).toBe(2);
      expect(loads).toBe(2);

      // A failed load fails the reads that shared it, and the next read loads again.
      const failing = async () => {
        loads++;
        throw new Error('database away');
      };
      const failed = await Promise.allSettled([
        cache.read('f', ['vendors'], failing),
        cache.read('f', ['vendors'], failing),
      ]);
      expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
      expect(loads).toBe(3);
      expect(await cache.read('f', ['vendors'], async () => 'back')).toBe('back');
    } finally {
      await cache.close();
    }
  });
});
