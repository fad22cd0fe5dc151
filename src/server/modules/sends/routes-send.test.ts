import { describe, expect } from 'vitest';
import { ADMIN_EMAIL, bearer } from '#server/testing/test-app';
import {
  APPROVALS,
  CREATIVE_HTML,
  HUB_PASSWORD,
  PNG_BASE64,
  VENDORS,
  emailLink,
  expectedEmail,
  sendBodyFor,
  textLink,
  vendorPageLinkIn,
} from '#server/testing/send-fixtures';
import { addresses, it } from './sends-fixtures';

describe('POST /api/send-email-consolidated', () => {
  it('mails each vendor its own message, exactly as the preview composes it', async ({
    t,
    smtp,
    firstName,
    send,
    receivedBy,
  }) => {
    const body = sendBodyFor();
    const response = await send(body, { 'idempotency-key': 'send-1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: expect.any(Number), mailed: 3, pending: 0, failed: 0, uncertain: 0 });
    expect(smtp.received).toHaveLength(3);

    for (const vendor of VENDORS) {
      const [mail, ...others] = await receivedBy(vendor.emails[0]);
      expect(others).toHaveLength(0);
      const vendorPage = vendorPageLinkIn(mail!.text);
      expect(vendorPage).toMatch(/^http:\/\/localhost:\d+\/vendor#/);
      const expected = expectedEmail(
        body,
        vendor.vendorId,
        { now: t.clock.now(), senderEmail: ADMIN_EMAIL, senderFirstName: firstName },
        vendorPage,
      );
      expect(addresses(mail!.to)).toEqual([...vendor.emails]);
      expect(addresses(mail!.cc)).toEqual(APPROVALS);
      expect(addresses(mail!.replyTo)).toEqual([ADMIN_EMAIL, ...APPROVALS]);
      expect(addresses(mail!.from)).toEqual([ADMIN_EMAIL]);
      expect(mail!.subject).toBe('New GOA Victory Content');
      expect(mail!.messageId).toMatch(/^<[0-9a-f-]{36}@dispatch\.local>$/);
      // Byte for byte the preview's HTML, and its plain text.
      expect(mail!.html).toBe(expected.html);
      expect(mail!.text?.replace(/\r\n/g, '\n')).toBe(expected.text);
      const html = mail!.html as string;
      expect(html).toContain(emailLink(vendor.defaultUtmSource).replace(/&/g, '&amp;'));
      expect(html).toContain(textLink(vendor.defaultUtmSource));
      expect(html).toContain(vendor.emailProspectingKey);
      expect(html).toContain(`Password: ${HUB_PASSWORD}`);
      for (const other of VENDORS.filter((candidate) => candidate !== vendor)) {
        expect(html).not.toContain(`utm_source=${other.defaultUtmSource}`);
        expect(html).not.toContain(other.emailProspectingKey);
      }
      expect(mail!.attachments.map((attachment) => [attachment.filename, attachment.size])).toEqual([
        ['spring-appeal.html', Buffer.byteLength(CREATIVE_HTML)],
        ['sms-spring.png', Buffer.from(PNG_BASE64, 'base64').length],
      ]);
      expect(mail!.attachments[0]!.content.toString()).toBe(CREATIVE_HTML);
      // The envelope: To and CC, from the sender.
      const envelope = smtp.received.find((message) => message.to.includes(vendor.emails[0]))!;
      expect(envelope.to.sort()).toEqual([...vendor.emails, ...APPROVALS].sort());
      expect(envelope.from).toBe(ADMIN_EMAIL);
    }
    expect((await receivedBy(VENDORS[0].emails[0]))[0]!.text).toContain('Split: 60/40: vendor 60 %, client 40 %');
    expect((await receivedBy(VENDORS[2].emails[0]))[0]!.text).toContain('Split: 50/50: vendor 50 %, client 50 %');
  });

  describe('with MAIL_FROM set', () => {
    it.override('env', ({ dataDir, smtp }) => ({
      DATA_DIR: dataDir,
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'dispatch@agency.test',
    }));

    it('sends from MAIL_FROM when it is set, with Reply-To still the sender and approvers', async ({
      smtp,
      send,
      receivedBy,
    }) => {
      expect((await send(sendBodyFor(['bravo5678']))).json()).toMatchObject({ mailed: 1 });
      const [mail] = await receivedBy('team@bravo.test');
      expect(addresses(mail!.from)).toEqual(['dispatch@agency.test']);
      expect(addresses(mail!.replyTo)).toEqual([ADMIN_EMAIL, ...APPROVALS]);
      expect(smtp.received[0]!.from).toBe('dispatch@agency.test');
    });
  });

  it('mails nobody twice for a repeated Idempotency-Key and answers with the first result', async ({
    t,
    token,
    smtp,
    send,
  }) => {
    const body = sendBodyFor();
    const first = await send(body, { 'idempotency-key': 'double-click' });
    const again = await send(body, { 'idempotency-key': 'double-click' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(smtp.received).toHaveLength(3);
    const logs = (await t.app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(token) })).json();
    expect(logs).toHaveLength(1);

    // Concurrent duplicates (a retry racing the first request) also collapse into one send.
    const racing = await Promise.all([
      send(body, { 'idempotency-key': 'race' }),
      send(body, { 'idempotency-key': 'race' }),
    ]);
    expect(racing.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(racing[0]!.json().id).toBe(racing[1]!.json().id);
    expect(smtp.received).toHaveLength(6);

    const reused = await send(sendBodyFor(['bravo5678']), { 'idempotency-key': 'double-click' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toMatch(/already used for a different send/);
    expect((await send(body, { 'idempotency-key': 'has space' })).statusCode).toBe(400);
  });

  it('refuses what the send page would block, with the list of what is missing', async ({ t, token, smtp, send }) => {
    const blocked = await send(sendBodyFor([], { selectedClient: null, pricingModel: 'CPD' }));
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json()).toEqual({
      message: 'Please complete: Client selection, Vendor selection',
      missing: ['Client selection', 'Vendor selection'],
      code: 'invalid-request',
    });

    const cpd = await send(sendBodyFor(['acme1234'], { pricingModel: 'CPD' }));
    expect(cpd.statusCode).toBe(400);
    expect(cpd.json().missing).toEqual(['Cost per donor for Acme Leads', 'CPD budget for Acme Leads']);

    const body = sendBodyFor(['acme1234', 'bravo5678']);
    const missingLink = await send({
      ...body,
      allVendorLinks: { ...body.allVendorLinks, main: { acme1234: emailLink('acme') } },
    });
    expect(missingLink.statusCode).toBe(400);
    expect(missingLink.json().message).toBe(
      'Missing vendor link for card Email 1 and vendor Bravo Data. Please upload the CSV with vendor links.',
    );

    const unknown = await send(sendBodyFor(['acme1234', 'gone0000']));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().unknownVendors).toEqual(['gone0000']);

    expect((await send({ ...body, selectedVendors: 'acme1234' })).json().message).toBe(
      'selectedVendors must be a list of vendor ids',
    );
    expect(smtp.received).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(token) })).json()).toEqual([]);
  });

  describe('under the gmail transport', () => {
    it.override('env', ({ dataDir }) => ({
      DATA_DIR: dataDir,
      MAIL_TRANSPORT: 'gmail',
      GOOGLE_CLIENT_ID: 'client-id',
      GOOGLE_CLIENT_SECRET: 'client-secret',
    }));

    it('answers requiresGoogleAuth under the gmail transport when the sender has no Google connection', async ({
      t,
      token,
      send,
    }) => {
      const response = await send(sendBodyFor());
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        requiresGoogleAuth: true,
        message: 'Google Authentication Required: Please sign in with Google to enable Gmail sending.',
        code: 'requires-google-auth',
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(token) })).json()).toEqual(
        [],
      );
    });
  });

  it('answers 401 without a token', async ({ t }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/send-email-consolidated',
      payload: sendBodyFor() as object,
    });
    expect(response.statusCode).toBe(401);
  });
});
