import { describe, expect } from 'vitest';
import { MAX_HTML_OR_CSV_BYTES, MAX_IMAGE_BYTES } from '#shared/contracts/send';
import { bearer } from '#server/testing/test-app';
import { VENDORS, emailLink, sendBodyFor } from '#server/testing/send-fixtures';
import { it } from './sends-fixtures';

describe('POST /api/send-email-consolidated', () => {
  it('answers 413 with a message above the file, message and body limits', async ({ t, token, smtp, send }) => {
    const body = sendBodyFor(['acme1234']);
    const bigHtml = 'x'.repeat(MAX_HTML_OR_CSV_BYTES + 1);
    const html = await send({ ...body, emailCards: [{ ...body.emailCards![0]!, htmlContent: bigHtml }] });
    expect(html.statusCode).toBe(413);
    expect(html.json().message).toBe(
      'The HTML file spring-appeal.html is too large: HTML and CSV files may be at most 10 MB each.',
    );

    const csv = await send({ ...body, emailCards: [{ ...body.emailCards![0]!, csvContent: `link\n${bigHtml}` }] });
    expect(csv.statusCode).toBe(413);
    expect(csv.json().message).toMatch(/^The CSV file vendor-links\.csv is too large/);

    const bigImage = Buffer.alloc(MAX_IMAGE_BYTES + 3).toString('base64');
    const image = await send({ ...body, textCards: [{ ...body.textCards![0]!, fileContent: bigImage }] });
    expect(image.statusCode).toBe(413);
    expect(image.json().message).toBe('The image sms-spring.png is too large: images may be at most 5 MB each.');

    const nineMb = 'y'.repeat(9 * 1024 * 1024);
    const cards = [0, 1, 2].map((i) => ({
      ...body.emailCards![0]!,
      id: i === 0 ? 'main' : `email-${i}`,
      htmlContent: nineMb,
    }));
    const links = Object.fromEntries(cards.map((card) => [card.id, { acme1234: emailLink('acme') }]));
    const total = await send({ ...body, emailCards: cards, allVendorLinks: { ...body.allVendorLinks, ...links } });
    expect(total.statusCode).toBe(413);
    expect(total.json().message).toBe(
      'The attachments come to 27.0 MB; one message may carry at most 20 MB of attachments.',
    );

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/send-email-consolidated',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: `{"selectedVendors":[],"pad":"${'z'.repeat(81 * 1024 * 1024)}"}`,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/^The upload is too large/);
    expect(smtp.received).toHaveLength(0);
  });

  it('refuses a message over 100 recipients before sending anything', async ({ t, token, smtp, send }) => {
    const many = Array.from({ length: 50 }, (_, i) => `person${i}@acme.test`);
    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/vendors/acme1234',
      headers: bearer(token),
      payload: { ...VENDORS[0], emails: many },
    });
    expect(updated.statusCode).toBe(200);
    for (let i = 0; i < 49; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/approval-emails',
        headers: bearer(token),
        payload: { email: `approver${i}@agency.test` },
      });
    }
    const response = await send(sendBodyFor(['bravo5678', 'acme1234']));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'The message to Acme Leads would have 101 recipients (To and CC); one message may have at most 100. Remove addresses before sending.',
    );
    expect(smtp.received).toHaveLength(0);
  });
});
