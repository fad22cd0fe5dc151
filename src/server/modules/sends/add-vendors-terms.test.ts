import { describe, expect } from 'vitest';
import { emailLink } from '#server/testing/send-fixtures';
import { it } from './reuse-fixtures';

describe('POST /api/email-logs/{id}/add-vendors', () => {
  it('keeps the terms each vendor was sent: a later change to a vendor rewrites nothing, an added vendor gets its terms of now', async ({
    call,
    token,
    sendId,
    entry,
    add,
    mailTo,
  }) => {
    expect(
      (await call('POST', '/api/vendor-splits', token, { vendorId: 'acme1234', splitRatio: '80/20' })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '/api/vendor-splits', token, { vendorId: 'bravo5678', splitRatio: '90/10' })).statusCode,
    ).toBe(200);
    expect((await add(sendId, ['bravo5678'])).statusCode).toBe(200);

    const logged = await entry(sendId);
    expect(logged.pricingModel).toBe('Revshare');
    expect(logged.deliveries.map(({ vendorId, terms }) => ({ vendorId, terms }))).toEqual([
      {
        vendorId: 'acme1234',
        terms: {
          pricingModel: 'Revshare',
          items: [{ label: 'Split', value: '60/40' }],
          emailProspectingKey: 'ACME-EMAIL-KEY',
          textProspectingKey: 'ACME-TEXT-KEY',
        },
      },
      {
        vendorId: 'bravo5678',
        terms: {
          pricingModel: 'Revshare',
          items: [{ label: 'Split', value: '90/10' }],
          emailProspectingKey: 'BRAVO-EMAIL-KEY',
          textProspectingKey: null,
        },
      },
    ]);
    const [bravo] = await mailTo('team@bravo.test');
    expect(bravo!.text).toContain('Split: 90/10: vendor 90 %, client 10 %');

    // Compared from the two stored messages: terms, each card's link and key.
    const compared = await call('GET', `/api/email-logs/${sendId}/compare?a=acme1234&b=bravo5678`, token);
    expect(compared.statusCode).toBe(200);
    expect(compared.json()).toEqual({
      a: { vendorId: 'acme1234', vendorName: 'Acme Leads' },
      b: { vendorId: 'bravo5678', vendorName: 'Bravo Data' },
      rows: [
        {
          kind: 'terms',
          section: 'Terms (Revshare)',
          label: 'Split',
          a: '60/40: vendor 60 %, client 40 %',
          b: '90/10: vendor 90 %, client 10 %',
          isSame: false,
        },
        // Acme's text link was given by the send page; Bravo's was read from the stored CSV (its e-mail link).
        { kind: 'link', section: 'Email 1', label: 'Link', a: emailLink('acme'), b: emailLink('bravo'), isSame: false },
        {
          kind: 'key',
          section: 'Email 1',
          label: 'Email Prospecting Hub Key',
          a: 'ACME-EMAIL-KEY',
          b: 'BRAVO-EMAIL-KEY',
          isSame: false,
        },
        {
          kind: 'link',
          section: 'Text 1',
          label: 'Link',
          a: 'https://sms.example/t/spring?utm_source=acme',
          b: emailLink('bravo'),
          isSame: false,
        },
        {
          kind: 'key',
          section: 'Text 1',
          label: 'Text Prospecting Hub Key',
          a: 'ACME-TEXT-KEY',
          b: '[Text key not set]',
          isSame: false,
        },
      ],
    });
    expect((await call('GET', `/api/email-logs/${sendId}/compare?a=acme1234&b=acme1234`, token)).statusCode).toBe(400);
    expect((await call('GET', `/api/email-logs/${sendId}/compare?a=acme1234&b=carta9012`, token)).statusCode).toBe(404);
  });
});
