import { simpleParser } from 'mailparser';
import { describe, expect } from 'vitest';
import { PLACEHOLDERS } from '#shared/email/compose';
import { ADMIN_EMAIL, bearer } from '#server/testing/test-app';
import { expectedEmail, sendBodyFor } from '#server/testing/send-fixtures';
import { addresses, it } from './sends-fixtures';

describe('POST /api/send-proof', () => {
  it('mails the sender the exact message one vendor would get, marked as a proof, and logs nothing', async ({
    t,
    token,
    smtp,
    firstName,
  }) => {
    const body = sendBodyFor();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/send-proof',
      headers: bearer(token),
      payload: { ...body, vendorId: 'carta9012' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'sent',
      messageId: expect.stringMatching(/@dispatch\.local>$/),
      to: ADMIN_EMAIL,
      vendorId: 'carta9012',
    });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual([ADMIN_EMAIL]);
    const mail = await simpleParser(smtp.received[0]!.raw);
    expect(mail.subject).toBe('[PROOF] New GOA Victory Content');
    expect(addresses(mail.to)).toEqual([ADMIN_EMAIL]);
    expect(mail.cc).toBeUndefined();
    // Where the vendor's link will be, as the preview shows it: a proof makes no link.
    const expected = expectedEmail(
      body,
      'carta9012',
      { now: t.clock.now(), senderEmail: ADMIN_EMAIL, senderFirstName: firstName },
      PLACEHOLDERS.vendorPage,
    );
    expect(mail.html).toBe(expected.html);
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual(['spring-appeal.html', 'sms-spring.png']);
    expect((await t.app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(token) })).json()).toEqual([]);

    const noVendor = await t.app.inject({
      method: 'POST',
      url: '/api/send-proof',
      headers: bearer(token),
      payload: body as object,
    });
    expect(noVendor.statusCode).toBe(400);
    expect(noVendor.json().message).toBe('vendorId is required');
  });
});
