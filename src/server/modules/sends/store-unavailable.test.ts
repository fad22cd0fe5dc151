import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { createS3Storage } from '#server/storage/s3';
import { test } from '#server/testing/fixtures';
import { captureLogs } from '#server/testing/log-capture';
import { startS3Server } from '#server/testing/s3-server';
import { bearer } from '#server/testing/test-app';
import { eventually, FAST_DELIVERY, seedVendors, sendBodyFor } from '#server/testing/send-fixtures';

// A send whose bucket refuses or cannot be reached: a clear 503 that says the file store is unavailable, the cause in
// the log, and nothing half-written (no send, no deliveries, no files, no objects left in the bucket).

const UNAVAILABLE = 'The file store is unavailable right now. Nothing was sent. Please try again in a minute.';

const it = test
  .extend('s3', async ({}, { onCleanup }) => {
    const s3 = await startS3Server('dispatch-sends');
    onCleanup(() => s3.close());
    return s3;
  })
  .extend('logs', () => captureLogs())
  /** The app's S3 settings: s3rver's, unless a suite changes them. */
  .extend('s3Env', ({ s3 }): Record<string, string> => s3.env)
  .extend('env', ({ dataDir, s3Env }) => ({ DATA_DIR: dataDir, ...s3Env }))
  .extend('appDeps', ({ logs }) => ({ delivery: FAST_DELIVERY, logger: { level: 'info', stream: logs.stream } }))
  .extend('token', async ({ app, admin }) => {
    await seedVendors(app, admin);
    return admin;
  })
  .extend(
    'send',
    ({ t, token }) =>
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/send-email-consolidated',
          headers: { ...bearer(token), 'idempotency-key': 'send-1' },
          payload: sendBodyFor() as object,
        }),
  )
  /** How many rows a send leaves in each of its tables. */
  .extend('rowCounts', ({ t }) => async () => {
    const counts: Record<string, number> = {};
    for (const table of ['email_logs', 'email_deliveries', 'stored_files']) {
      const { rows } = await t.database.db.execute<{ count: number }>(
        sql.raw(`select count(*)::int as count from ${table}`),
      );
      counts[table] = rows[0]!.count;
    }
    return counts;
  })
  .extend('objects', ({ s3 }) => async () => {
    const keys: string[] = [];
    for await (const object of createS3Storage(s3.settings).list()) keys.push(object.key);
    return keys;
  })
  .extend(
    'loggedCause',
    ({ logs }) =>
      () =>
        logs
          .entries()
          .filter((entry) => entry.msg === 'file store unavailable')
          .map((entry) => (entry.err as { message: string }).message),
  );

const NOTHING = { email_logs: 0, email_deliveries: 0, stored_files: 0 };

describe('a send when the file store is unavailable', () => {
  describe('with a bucket that refuses the credentials', () => {
    it.override('s3Env', ({ s3 }) => ({ ...s3.env, S3_ACCESS_KEY_ID: 'not-a-known-key' }));

    it('answers 503 saying the file store is unavailable, names the refusal in the log and writes nothing', async ({
      token,
      send,
      rowCounts,
      objects,
      loggedCause,
      logs,
    }) => {
      expect(token).toBeTruthy();
      const response = await send();
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('30');
      expect(response.json()).toEqual({ message: UNAVAILABLE, code: 'unavailable' });
      expect(loggedCause()).toEqual([
        expect.stringMatching(
          /^The S3 bucket "dispatch-sends" at http:\/\/127\.0\.0\.1:\d+ refused the request: 403 InvalidAccessKeyId/,
        ),
      ]);
      expect(logs.text()).not.toContain('not-a-known-key');
      expect(await rowCounts()).toEqual(NOTHING);
      expect(await objects()).toEqual([]);
    });
  });

  it('answers 503 while the S3 server is down, writes nothing, and the same send goes through once it is back (downloads answer 503 while it is down)', async ({
    app,
    token,
    s3,
    send,
    rowCounts,
    objects,
    loggedCause,
  }) => {
    await s3.stop();
    const refused = await send();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: UNAVAILABLE, code: 'unavailable' });
    expect(loggedCause()).toEqual([
      expect.stringMatching(
        /^The S3 bucket "dispatch-sends" at http:\/\/127\.0\.0\.1:\d+ could not be reached: ECONNREFUSED/,
      ),
    ]);
    expect(await rowCounts()).toEqual(NOTHING);

    await s3.start();
    expect(await objects()).toEqual([]);
    // The refused send used up nothing: the same Idempotency-Key now sends, once.
    const accepted = await send();
    expect(accepted.statusCode).toBe(200);
    const entries = await eventually(
      async () =>
        (await app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(token) })).json() as {
          deliveries: { status: string }[];
          cardDetails: { emailCards: { htmlFileKey: string }[] };
        }[],
      (found) => found.length === 1 && found[0]!.deliveries.every((delivery) => delivery.status === 'sent'),
    );
    expect(entries[0]!.deliveries.map((delivery) => delivery.status)).toEqual(['sent', 'sent', 'sent']);
    expect(await rowCounts()).toEqual({ email_logs: 1, email_deliveries: 3, stored_files: 6 });

    // A download while the store is down is a 503 too, not a 404 nor a 500.
    await s3.stop();
    const download = await app.inject({
      method: 'GET',
      url: `/api/files/${entries[0]!.cardDetails.emailCards[0]!.htmlFileKey}?type=html`,
      headers: bearer(token),
    });
    expect(download.statusCode).toBe(503);
    expect(download.json()).toEqual({
      message: 'The file store is unavailable right now. Please try again in a minute.',
      code: 'unavailable',
    });
  });

  it("answers 'Add vendors' with the same 503 while the S3 server is down, adds nobody, and adds the vendor once it is back", async ({
    app,
    token,
    s3,
    rowCounts,
  }) => {
    const sent = await app.inject({
      method: 'POST',
      url: '/api/send-email-consolidated',
      headers: bearer(token),
      payload: sendBodyFor(['acme1234', 'bravo5678']) as object,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const sendId = (sent.json() as { id: number }).id;
    const add = () =>
      app.inject({
        method: 'POST',
        url: `/api/email-logs/${sendId}/add-vendors`,
        headers: { ...bearer(token), 'idempotency-key': 'add-1' },
        payload: { vendorIds: ['carta9012'] },
      });
    const before = await rowCounts();

    await s3.stop();
    const refused = await add();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json()).toEqual({ message: UNAVAILABLE, code: 'unavailable' });
    expect(await rowCounts()).toEqual(before);

    await s3.start();
    const added = await add();
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json() as { added: string[] }).added).toEqual(['carta9012']);
    expect((await rowCounts()).email_deliveries).toBe(before.email_deliveries + 1);
  });
});
