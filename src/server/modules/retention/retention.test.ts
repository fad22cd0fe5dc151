import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { test } from '#server/testing/fixtures';
import { createTestClock, ADMIN_EMAIL, bearer, register } from '#server/testing/test-app';
import { FAST_DELIVERY, eventually, seedVendors, sendBodyFor } from '#server/testing/send-fixtures';
import { S3RVER_KEY, startS3Server } from '#server/testing/s3-server';
import { createLocalStorage } from '#server/storage/local';
import { createS3Storage } from '#server/storage/s3';
import { newFileKey, type FileStorage } from '#server/storage/storage';
import { claimTaskRun } from './repository';
import { removeOrphanFiles, runRetention, runRetentionOnce } from './service';

const DAY = 86_400_000;

type S3Server = Awaited<ReturnType<typeof startS3Server>>;

const stores = {
  local: (dataDir: string): { env: Record<string, string>; storage: FileStorage } => ({
    env: {},
    storage: createLocalStorage(join(dataDir, 'files')),
  }),
  s3: (server: S3Server): { env: Record<string, string>; storage: FileStorage } => ({
    env: server.env,
    storage: createS3Storage({
      bucket: server.bucket,
      endpoint: server.endpoint,
      region: 'us-east-1',
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
    }),
  }),
};

interface Entry {
  id: number;
  filesRemovedAt: string | null;
  cardDetails: { emailCards: { htmlFileKey: string; csvFileKey: string }[]; textCards: { imageFileKey: string }[] };
  deliveries: { vendorId: string; status: string }[];
}

describe.each(Object.keys(stores) as (keyof typeof stores)[])('retention with the %s store', (storeName) => {
  /** An app on the store with its own DATA_DIR, the retention task left to the test; `token` is the admin's, with the vendors set up. */
  const it = test
    .extend('store', async ({ dataDir }, { onCleanup }) => {
      if (storeName === 'local') return stores.local(dataDir);
      // A bucket of its own per test, so no other test's objects count as orphans here.
      const s3 = await startS3Server();
      onCleanup(() => s3.close());
      return stores.s3(s3);
    })
    .extend('storage', ({ store }) => store.storage)
    /** The app's own settings over DATA_DIR and the store's; a suite below overrides them. */
    .extend('settings', (): Record<string, string> => ({}))
    .extend('env', ({ dataDir, store, settings }) => ({ DATA_DIR: dataDir, ...store.env, ...settings }))
    .extend('appDeps', { delivery: FAST_DELIVERY, retention: { autoStart: false } })
    .extend('token', async ({ app, admin }) => {
      await seedVendors(app, admin);
      return admin;
    })
    .extend('send', ({ t, token }) => async (vendors: string[]) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/send-email-consolidated',
        headers: bearer(token),
        payload: sendBodyFor(vendors) as object,
      });
      expect(response.statusCode).toBe(200);
      return response.json().id as number;
    })
    .extend(
      'entries',
      ({ t, token }) =>
        async () =>
          (await t.app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(token) })).json() as Entry[],
    )
    .extend(
      'entry',
      ({ entries }) =>
        async (id: number) =>
          (await entries()).find((candidate) => candidate.id === id)!,
    )
    .extend('emlKeys', ({ t }) => async (sendId: number) => {
      const { rows } = await t.database.db.execute<{ eml_key: string }>(
        sql`select eml_key from email_deliveries where log_id = ${sendId}`,
      );
      return rows.map((row) => row.eml_key);
    })
    .extend(
      'allSent',
      ({ entry }) =>
        (id: number) =>
          eventually(
            () => entry(id),
            (found) => found.deliveries.every((d) => d.status === 'sent'),
          ),
    );

  const keysOf = (found: Entry) => [
    ...found.cardDetails.emailCards.flatMap((card) => [card.htmlFileKey, card.csvFileKey]),
    ...found.cardDetails.textCards.map((card) => card.imageFileKey),
  ];

  describe('with RETENTION_DAYS=30', () => {
    it.override('settings', () => ({ RETENTION_DAYS: '30' }));

    it('removes the files and messages of entries past RETENTION_DAYS, keeps the entries, and keeps newer files', async ({
      t,
      token,
      storage,
      send,
      entry,
      emlKeys,
      allSent,
    }) => {
      const old = await send(['acme1234', 'bravo5678']);
      await allSent(old);
      t.clock.advance(25 * DAY);
      const recent = await send(['carta9012']);
      await allSent(recent);
      const oldKeys = [...keysOf(await entry(old)), ...(await emlKeys(old))];
      const recentKeys = [...keysOf(await entry(recent)), ...(await emlKeys(recent))];
      for (const key of [...oldKeys, ...recentKeys]) expect(await storage.get(key)).not.toBeNull();

      t.clock.advance(6 * DAY);
      const report = await runRetention({ db: t.database.db, clock: t.clock, storage, retentionDays: 30 });
      expect(report).toMatchObject({ logsCleared: 1, filesRemoved: oldKeys.length });

      for (const key of oldKeys) expect(await storage.get(key)).toBeNull();
      for (const key of recentKeys) expect(await storage.get(key)).not.toBeNull();
      const cleared = await entry(old);
      expect(cleared.filesRemovedAt).toBe(t.clock.now().toISOString());
      expect(cleared.deliveries.map((d) => d.status)).toEqual(['sent', 'sent']);
      expect((await entry(recent)).filesRemovedAt).toBeNull();

      const download = await t.app.inject({
        method: 'GET',
        url: `/api/files/${oldKeys[0]}?type=html`,
        headers: bearer(token),
      });
      expect(download.statusCode).toBe(404);
      const again = await t.app.inject({
        method: 'POST',
        url: `/api/email-logs/${old}/retry-failed`,
        headers: bearer(token),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/removed after the retention period/);

      expect(await runRetention({ db: t.database.db, clock: t.clock, storage, retentionDays: 30 })).toMatchObject({
        logsCleared: 0,
      });
    });
  });

  describe('with RETENTION_DAYS=1 and delivery stopped', () => {
    it.override('settings', () => ({ RETENTION_DAYS: '1' }));
    it.override('appDeps', () => ({
      delivery: { ...FAST_DELIVERY, autoStart: false },
      retention: { autoStart: false },
    }));

    it('never removes the files of a send whose messages are still queued', async ({
      t,
      storage,
      send,
      entry,
      emlKeys,
    }) => {
      const queued = await send(['acme1234']);
      t.clock.advance(3 * DAY);
      expect(await runRetention({ db: t.database.db, clock: t.clock, storage, retentionDays: 1 })).toMatchObject({
        logsCleared: 0,
      });
      for (const key of await emlKeys(queued)) expect(await storage.get(key)).not.toBeNull();
      expect((await entry(queued)).filesRemovedAt).toBeNull();
    });
  });

  it('keeps everything when RETENTION_DAYS is unset', async ({ t, storage, send, emlKeys, allSent }) => {
    const id = await send(['acme1234']);
    const keys = [...keysOf(await allSent(id)), ...(await emlKeys(id))];
    t.clock.advance(3650 * DAY);
    expect(
      await runRetention({ db: t.database.db, clock: t.clock, storage, retentionDays: t.config.retentionDays }),
    ).toMatchObject({ logsCleared: 0 });
    for (const key of keys) expect(await storage.get(key)).not.toBeNull();
  });

  it('removes a blob no row refers to once it is a day old, and never a blob a row refers to', async ({
    t,
    storage,
    send,
    entry,
    emlKeys,
    allSent,
  }) => {
    const id = await send(['acme1234']);
    await allSent(id);
    const kept = [...keysOf(await entry(id)), ...(await emlKeys(id))];
    // A crash between writing a file and the send's transaction leaves a blob no row refers to.
    const orphan = newFileKey();
    await storage.put(orphan, Buffer.from('half a send'), 'text/plain');

    // The store's own clock (file times) is real: judge age against real time.
    const clock = createTestClock(new Date());
    expect(await removeOrphanFiles({ db: t.database.db, clock, storage })).toBe(0);
    expect(await storage.get(orphan)).not.toBeNull();

    clock.advance(DAY + 60_000);
    expect(await removeOrphanFiles({ db: t.database.db, clock, storage })).toBe(1);
    expect(await storage.get(orphan)).toBeNull();
    for (const key of kept) expect(await storage.get(key)).not.toBeNull();
  });
});

describe('retention runs once across instances', () => {
  const it = test.extend('appDeps', { retention: { autoStart: false } });

  it('gives each period to exactly one instance', async ({ t: first, startApp, dataDir }) => {
    const second = await startApp({}, first.database, { retention: { autoStart: false } });
    const now = new Date('2026-06-01T00:00:00Z');
    const claims = await Promise.all(
      [1, 2, 3, 4].map(() => claimTaskRun(first.database.db, 'retention', now, 3_600_000)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimTaskRun(second.database.db, 'retention', new Date(now.getTime() + 60_000), 3_600_000)).toBe(
      false,
    );
    expect(await claimTaskRun(second.database.db, 'retention', new Date(now.getTime() + 3_600_001), 3_600_000)).toBe(
      true,
    );

    const storage = createLocalStorage(join(dataDir, 'files'));
    const later = createTestClock(new Date(now.getTime() + 3 * 3_600_000));
    const runs = await Promise.all(
      [first, second].map((instance) =>
        runRetentionOnce({ db: instance.database.db, clock: later, storage, retentionDays: 7 }, 3_600_000),
      ),
    );
    expect(runs.filter((run) => run !== null)).toHaveLength(1);
  });

  it('runs in the app on its schedule', async ({ startApp, dataDir }) => {
    const t = await startApp({ DATA_DIR: dataDir, RETENTION_DAYS: '2' }, undefined, {
      delivery: FAST_DELIVERY,
      retention: { everyMs: 50 },
    });
    const token = await register(t.app, ADMIN_EMAIL);
    await seedVendors(t.app, token);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/send-email-consolidated',
      headers: bearer(token),
      payload: sendBodyFor(['acme1234']) as object,
    });
    const id = sent.json().id as number;
    const list = async () =>
      ((await t.app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(token) })).json() as Entry[]).find(
        (e) => e.id === id,
      )!;
    await eventually(list, (found) => found.deliveries.every((d) => d.status === 'sent'));
    // Every test clock reading after this is three days on: the next period's run clears the entry.
    t.clock.advance(3 * DAY);
    const cleared = await eventually(list, (found) => found.filesRemovedAt !== null);
    expect(cleared.filesRemovedAt).not.toBeNull();
  });
});
