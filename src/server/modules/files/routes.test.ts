import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { createS3Storage } from '#server/storage/s3';
import { test } from '#server/testing/fixtures';
import { startS3Server } from '#server/testing/s3-server';
import {
  CREATIVE_HTML,
  FAST_DELIVERY,
  LINKS_CSV,
  PNG_BASE64,
  seedVendors,
  sendBodyFor,
} from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';

/** An app with its own DATA_DIR and fast delivery; `sendOnce` sends to every vendor and answers the log entry's stored files. */
const it = test
  .extend('env', ({ dataDir }): Record<string, string> => ({ DATA_DIR: dataDir }))
  .extend('appDeps', { delivery: FAST_DELIVERY })
  .extend('token', ({ admin }) => admin)
  .extend('sendOnce', ({ t, token }) => async () => {
    await seedVendors(t.app, token);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/send-email-consolidated',
      headers: bearer(token),
      payload: sendBodyFor() as object,
    });
    expect(sent.statusCode).toBe(200);
    const [entry] = (await t.app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(token) })).json();
    return entry.cardDetails as {
      emailCards: { htmlFileKey: string; csvFileKey: string }[];
      textCards: { csvFileKey: string; imageFileKey: string }[];
    };
  })
  .extend(
    'download',
    ({ t, token }) =>
      (key: string, type: string, withToken = true) =>
        t.app.inject({ method: 'GET', url: `/api/files/${key}?type=${type}`, headers: withToken ? bearer(token) : {} }),
  )
  .extend('s3', async ({}, { onCleanup }) => {
    const s3 = await startS3Server('dispatch-files');
    onCleanup(() => s3.close());
    return s3;
  });

describe('GET /api/files/{key}', () => {
  it('downloads each stored file as an attachment of its type, only for a signed-in user', async ({
    sendOnce,
    download,
  }) => {
    const cards = await sendOnce();
    const html = await download(cards.emailCards[0]!.htmlFileKey, 'html');
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['content-disposition']).toBe('attachment; filename=spring-appeal.html');
    expect(html.headers['x-content-type-options']).toBe('nosniff');
    expect(html.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(html.body).toBe(CREATIVE_HTML);

    const csv = await download(cards.emailCards[0]!.csvFileKey, 'csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename=vendor-links.csv');
    expect(csv.body).toBe(LINKS_CSV);
    // The same CSV on two cards is stored once.
    expect(cards.textCards[0]!.csvFileKey).toBe(cards.emailCards[0]!.csvFileKey);

    const image = await download(cards.textCards[0]!.imageFileKey, 'image');
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true);

    const anonymous = await download(cards.emailCards[0]!.htmlFileKey, 'html', false);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('Spring appeal');
  });

  it('answers 400 for a bad type and 404 for unknown keys or a key of another type', async ({
    t,
    token,
    sendOnce,
    download,
  }) => {
    const cards = await sendOnce();
    const key = cards.emailCards[0]!.htmlFileKey;
    const bad = await download(key, 'exe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('type must be one of html, csv, image');
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${key}`, headers: bearer(token) })).statusCode).toBe(
      400,
    );
    expect((await download('0'.repeat(32), 'html')).statusCode).toBe(404);
    expect((await download('..%2F..%2Fsecret.key', 'html')).statusCode).toBe(404);
    expect((await download(key, 'image')).json()).toEqual({ message: 'File not found.', code: 'not-found' });
  });

  describe('with an S3-compatible bucket (s3rver)', () => {
    it.override('env', ({ dataDir, s3 }) => ({ DATA_DIR: dataDir, ...s3.env }));

    it('keeps every file and raw message of a send in the bucket, and downloads each byte for byte as stored', async ({
      t,
      token,
      dataDir,
      s3,
      sendOnce,
      download,
    }) => {
      const cards = await sendOnce();
      const bucket = createS3Storage(s3.settings);
      const inBucket: string[] = [];
      for await (const object of bucket.list()) inBucket.push(object.key);

      const [entry] = (await t.app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(token) })).json();
      const { rows: deliveries } = await t.database.db.execute<{ vendor_id: string; eml_key: string }>(
        sql`select vendor_id, eml_key from email_deliveries where log_id = ${entry.id} order by vendor_id`,
      );
      expect(deliveries.map((delivery) => delivery.vendor_id)).toEqual(['acme1234', 'bravo5678', 'carta9012']);

      // The uploads (HTML, CSV once for both cards, image) and one raw message per vendor: all in the bucket, nothing else.
      const uploads = {
        html: cards.emailCards[0]!.htmlFileKey,
        csv: cards.emailCards[0]!.csvFileKey,
        image: cards.textCards[0]!.imageFileKey,
      };
      expect(inBucket.sort()).toEqual(
        [...Object.values(uploads), ...deliveries.map((delivery) => delivery.eml_key)].sort(),
      );
      expect(existsSync(join(dataDir, 'files'))).toBe(false);

      const originals = {
        html: Buffer.from(CREATIVE_HTML),
        csv: Buffer.from(LINKS_CSV),
        image: Buffer.from(PNG_BASE64, 'base64'),
      };
      for (const [type, key] of Object.entries(uploads) as [keyof typeof uploads, string][]) {
        expect((await bucket.get(key))?.equals(originals[type])).toBe(true);
        const downloaded = await download(key, type);
        expect(downloaded.statusCode).toBe(200);
        expect(downloaded.rawPayload.equals(originals[type])).toBe(true);
      }
      for (const delivery of deliveries) {
        const stored = await bucket.get(delivery.eml_key);
        expect(stored?.toString()).toContain('Subject: New GOA Victory Content');
        const eml = await t.app.inject({
          method: 'GET',
          url: `/api/email-logs/${entry.id}/deliveries/${delivery.vendor_id}/eml`,
          headers: bearer(token),
        });
        expect(eml.statusCode).toBe(200);
        expect(eml.rawPayload.equals(stored!)).toBe(true);
      }
    });
  });
});
