import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect } from 'vitest';
import { backoffMs } from './deliveries';
import { bearer } from '../testing/test-app';
import { FAST_DELIVERY, VENDORS, eventually, queueDrained } from '../testing/send-fixtures';
import { allSettled, deliveryTest } from '../testing/delivery-fixtures';

const it = deliveryTest;

describe('delivery queue', () => {
  it('retries refused attempts with back-off until the server accepts, mailing every vendor exactly once', async ({
    app,
    smtp,
    send,
    logs,
    mailsPerVendor,
  }) => {
    // 4xx for the first two attempts of every message.
    const tries = new Map<string, number>();
    smtp.answer = (message) => {
      const key = message.to[0]!;
      tries.set(key, (tries.get(key) ?? 0) + 1);
      return tries.get(key)! <= 2
        ? { kind: 'refuse', code: 451, message: 'Greylisted, try again later' }
        : { kind: 'accept' };
    };
    const response = await send(app);
    expect(response.statusCode).toBe(200);
    expect(response.json().failed).toBe(0);
    const [entry] = await eventually(() => logs(app), allSettled);
    expect(entry!.deliveries.map((delivery) => [delivery.status, delivery.attempts])).toEqual([
      ['sent', 3],
      ['sent', 3],
      ['sent', 3],
    ]);
    expect(mailsPerVendor()).toEqual([1, 1, 1]);
    expect(smtp.refused).toHaveLength(6);
  });
  it('marks a permanent refusal failed with the reason, and retry-failed re-queues only that one', async ({
    app,
    token,
    smtp,
    send,
    logs,
    mailsPerVendor,
  }) => {
    smtp.answer = (message) =>
      message.to.includes('team@bravo.test')
        ? { kind: 'refuse', code: 550, message: 'Mailbox unavailable' }
        : { kind: 'accept' };
    const response = await send(app);
    expect(response.json()).toMatchObject({ mailed: 2, pending: 0, failed: 1, uncertain: 0 });
    const [entry] = await logs(app);
    const bravo = entry!.deliveries.find((delivery) => delivery.vendorId === 'bravo5678')!;
    expect(bravo).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
    expect(bravo.error).toMatch(/refused the message \(550\)/);

    smtp.answer = undefined;
    const retry = await app.inject({
      method: 'POST',
      url: `/api/email-logs/${entry!.id}/retry-failed`,
      headers: bearer(token),
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ id: entry!.id, requeued: 1, mailed: 3, pending: 0, failed: 0, uncertain: 0 });
    expect(mailsPerVendor()).toEqual([1, 1, 1]);
    const again = await app.inject({
      method: 'POST',
      url: `/api/email-logs/${entry!.id}/retry-failed`,
      headers: bearer(token),
    });
    expect(again.json()).toMatchObject({ requeued: 0, mailed: 3 });
    expect(
      (await app.inject({ method: 'POST', url: '/api/email-logs/999999/retry-failed', headers: bearer(token) }))
        .statusCode,
    ).toBe(404);
  });

  it('counts a message taken for some recipients as sent, naming the refused ones, and does not send it again', async ({
    app,
    smtp,
    send,
    logs,
  }) => {
    smtp.refuseRecipient = (address) => (address === 'lists@acme.test' ? 550 : undefined);
    expect((await send(app, ['acme1234'])).json()).toMatchObject({ mailed: 1, failed: 0 });
    const [entry] = await logs(app);
    expect(entry!.deliveries[0]).toMatchObject({
      status: 'sent',
      attempts: 1,
      error: 'Sent, but the mail server refused: lists@acme.test',
    });
    expect(smtp.received[0]!.to).not.toContain('lists@acme.test');
  });

  describe('with three quick attempts', () => {
    it.override('appDeps', { delivery: { ...FAST_DELIVERY, maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 10 } });

    it('gives up after the last attempt and reports the message as failed', async ({ app, smtp, send, logs }) => {
      smtp.answer = () => ({ kind: 'refuse', code: 421, message: 'Service not available' });
      await send(app, ['carta9012']);
      const [entry] = await eventually(() => logs(app), allSettled);
      expect(entry!.deliveries[0]).toMatchObject({ status: 'failed', attempts: 3 });
      expect(smtp.received).toHaveLength(0);
    });
  });

  describe('one message at a time', () => {
    it.override('appDeps', { delivery: { ...FAST_DELIVERY, concurrency: 1 } });

    it("marks a message 'uncertain' when the line drops after the data, never retries it, and sends it again on request", async ({
      app,
      database,
      token,
      smtp,
      send,
      logs,
    }) => {
      smtp.answer = () => ({ kind: 'drop' });
      const response = await send(app, ['acme1234']);
      expect(response.json()).toMatchObject({ mailed: 0, pending: 0, failed: 0, uncertain: 1 });
      // Nothing left in the queue that could try it again: the one attempt is all there will be.
      await queueDrained(database.db);
      expect(smtp.refused).toHaveLength(1);
      const [entry] = await logs(app);
      expect(entry!.deliveries[0]).toMatchObject({ status: 'uncertain', attempts: 1 });
      expect(entry!.deliveries[0]!.error).toMatch(/after the message was sent/);

      smtp.answer = undefined;
      const url = `/api/email-logs/${entry!.id}/deliveries/acme1234/send-again`;
      const again = await app.inject({ method: 'POST', url, headers: bearer(token) });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({
        id: entry!.id,
        mailed: 1,
        delivery: { vendorId: 'acme1234', status: 'sent', attempts: 2 },
      });
      // The same bytes, so the same Message-ID as the attempt that may have arrived.
      expect(smtp.received[0]!.raw.equals(smtp.refused[0]!.raw)).toBe(true);
      const twice = await app.inject({ method: 'POST', url, headers: bearer(token) });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('The message to Acme Leads was already delivered.');
      const missing = await app.inject({
        method: 'POST',
        url: `/api/email-logs/${entry!.id}/deliveries/nobody/send-again`,
        headers: bearer(token),
      });
      expect(missing.statusCode).toBe(404);
    });
  });
  it('keeps the exact raw message sent to each vendor for download as .eml', async ({ app, token, smtp, send }) => {
    const { id } = (await send(app)).json();
    for (const vendor of VENDORS) {
      const url = `/api/email-logs/${id}/deliveries/${vendor.vendorId}/eml`;
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const download = await app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('message/rfc822');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename=dispatch-${id}-${vendor.vendorId}.eml`,
      );
      const received = smtp.received.find((message) => message.to.includes(vendor.emails[0]))!;
      expect(download.rawPayload.equals(received.raw)).toBe(true);
    }
    expect(
      (await app.inject({ method: 'GET', url: `/api/email-logs/${id}/deliveries/nobody/eml`, headers: bearer(token) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/email-logs/abc/deliveries/acme1234/eml`, headers: bearer(token) }))
        .statusCode,
    ).toBe(400);
  });

  describe('with the outbox transport', () => {
    it.override('env', ({ dataDir }) => ({ DATA_DIR: dataDir }));

    it('writes each message as a .eml file to DATA_DIR/outbox with the outbox transport', async ({
      t,
      dataDir,
      send,
    }) => {
      expect(t.config.mailTransport).toBe('outbox');
      expect((await send(t.app)).json()).toMatchObject({ mailed: 3 });
      const files = readdirSync(join(dataDir, 'outbox')).filter((name) => name.endsWith('.eml'));
      expect(files).toHaveLength(3);
      const recipients = await Promise.all(
        files.map(async (name) => (await simpleParser(readFileSync(join(dataDir, 'outbox', name)))).to),
      );
      const firstAddresses = recipients.map((to) => (Array.isArray(to) ? to[0] : to)!.value[0]!.address).sort();
      expect(firstAddresses).toEqual(VENDORS.map((vendor) => vendor.emails[0]).sort());
    });
  });
});

describe('backoffMs', () => {
  it('doubles from the base delay up to the cap, with at most 20% jitter', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffMs(attempt, 1000, 5000, () => 0))).toEqual([1000, 2000, 4000, 5000]);
    expect(backoffMs(1, 1000, 5000, () => 1)).toBe(1200);
  });
});
