import { describe, expect, it } from 'vitest';
import { sendBody } from './send';

const fullBody = {
  selectedVendors: ['acme1234', 'bravo5678'],
  emailCards: [
    {
      id: 'main',
      htmlContent: '<p>Hi</p>',
      filename: 'spring.html',
      subject: 'Spring appeal',
      senderName: 'GOA',
      endDate: '2026-03-14',
      csvContent: 'link\nhttps://x.example/?utm_source=acme',
    },
  ],
  textCards: [
    {
      id: 'text-1767225601234',
      content: 'Give today',
      senderName: 'GOA',
      endDate: '2026-03-14T04:00:00.000Z',
      csvContent: null,
      fileContent: 'iVBORw0KGgo=',
      fileName: 'sms.png',
    },
  ],
  selectedClient: 'goa-victory',
  vendorSplits: { acme1234: '60/40' },
  imageAttachments: [{ filename: 'sms.png', content: 'iVBORw0KGgo=', contentType: 'image/png' }],
  allVendorLinks: { main: { acme1234: 'https://x.example/?utm_source=acme' } },
  pricingModel: 'CPD',
};

function issuesOf(value: unknown) {
  const result = sendBody.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('sendBody', () => {
  it('accepts the SPEC 7 body as the client sends it', () => {
    const parsed = sendBody.parse(fullBody);
    expect(parsed.emailCards[0]?.endDate).toBe('2026-03-14');
    expect(parsed.pricingModel).toBe('CPD');
    expect(parsed.textCards[0]?.fileName).toBe('sms.png');
  });

  it('lets fields the rules check be empty, so the rules can name them', () => {
    const parsed = sendBody.parse({
      selectedVendors: [],
      emailCards: [
        { id: 'main', htmlContent: '', filename: null, subject: null, senderName: '', endDate: '', csvContent: '' },
      ],
      selectedClient: null,
    });
    expect(parsed.emailCards[0]).toEqual({
      id: 'main',
      htmlContent: '',
      filename: null,
      subject: '',
      senderName: '',
      endDate: null,
      csvContent: null,
    });
    expect(parsed).toMatchObject({
      textCards: [],
      vendorSplits: {},
      allVendorLinks: {},
      imageAttachments: [],
      pricingModel: 'Revshare',
    });
  });

  it('is strict on types and formats', () => {
    expect(issuesOf({ ...fullBody, selectedVendors: 'acme1234' })).toEqual([
      'selectedVendors: must be a list of vendor ids',
    ]);
    expect(issuesOf({ ...fullBody, emailCards: [{ ...fullBody.emailCards[0], subject: 5 }] })).toEqual([
      'emailCards.0.subject: must be text',
    ]);
    expect(issuesOf({ ...fullBody, emailCards: [{ ...fullBody.emailCards[0], endDate: 'next week' }] })).toEqual([
      "emailCards.0.endDate: must be an ISO date like '2026-03-14'",
    ]);
    expect(issuesOf({ ...fullBody, pricingModel: 'Flat' })).toEqual([
      'pricingModel: must be one of Revshare, CPM, CPA, CPD',
    ]);
    expect(issuesOf({ ...fullBody, vendorSplits: { acme1234: '70/40' } })).toHaveLength(1);
    expect(
      issuesOf({
        ...fullBody,
        imageAttachments: [{ filename: 'a.svg', content: 'PHN2Zz4=', contentType: 'image/svg+xml' }],
      }),
    ).toEqual(['imageAttachments.0.contentType: must be image/png, image/jpeg, image/gif or image/webp']);
    expect(issuesOf({ ...fullBody, textCards: [{ ...fullBody.textCards[0], fileContent: 'not base64!' }] })).toEqual([
      'textCards.0.fileContent: must be base64',
    ]);
  });

  it('accepts only http(s) vendor links', () => {
    expect(issuesOf({ ...fullBody, allVendorLinks: { main: { acme1234: 'javascript:alert(1)' } } })).toEqual([
      'allVendorLinks.main.acme1234: must be an http(s) link',
    ]);
  });

  it('refuses repeated vendors and card ids', () => {
    expect(issuesOf({ ...fullBody, selectedVendors: ['acme1234', 'acme1234'] })).toEqual([
      'selectedVendors: must not repeat a vendor',
    ]);
    const twice = { ...fullBody, textCards: [{ ...fullBody.textCards[0], id: 'main' }] };
    expect(issuesOf(twice)).toEqual(['emailCards: must not repeat a card id']);
  });
});
