import { describe, expect, it } from 'vitest';
import { composeVendorEmail, type ComposeInput } from './compose';
import { compareMessageFacts, readMessageFacts } from './message-facts';

const input = (vendor: Partial<ComposeInput['vendor']>, link: string): ComposeInput => ({
  send: {
    client: { slug: 'goa-victory', displayName: 'GOA Victory' },
    pricingModel: 'Revshare',
    emailCards: [
      {
        id: 'main',
        subject: 'Spring',
        senderName: 'GOA',
        endDate: '2026-04-15',
        link,
        filename: null,
        htmlContent: null,
      },
    ],
    // A copy whose lines look like rows: they are copy, not facts.
    textCards: [
      {
        id: 'text-1',
        content: 'Give today.\n\nLink: https://copy.example\nSplit: 1/99',
        senderName: 'GOA',
        endDate: null,
        link: null,
        fileName: null,
        fileContent: null,
      },
    ],
  },
  vendor: {
    name: 'Acme',
    emails: ['a@acme.test'],
    emailProspectingKey: 'ACME-KEY',
    textProspectingKey: null,
    split: '60/40',
    costs: undefined,
    ...vendor,
  },
  context: {
    now: new Date('2026-03-10T15:00:00Z'),
    senderEmail: 'me@agency.test',
    senderFirstName: 'Sam',
    approvalEmails: [],
    hubPassword: undefined,
  },
});

describe('readMessageFacts', () => {
  it("reads back the composer's terms, links and keys, and nothing from the text copy", () => {
    const text = composeVendorEmail(input({}, 'https://donate.example/?utm_source=acme')).text;
    expect(readMessageFacts(text)).toEqual([
      { kind: 'terms', section: 'Terms (Revshare)', label: 'Split', value: '60/40: vendor 60 %, client 40 %' },
      { kind: 'link', section: 'Email 1', label: 'Link', value: 'https://donate.example/?utm_source=acme' },
      { kind: 'key', section: 'Email 1', label: 'Email Prospecting Hub Key', value: 'ACME-KEY' },
      { kind: 'link', section: 'Text 1', label: 'Link', value: '[Link not provided]' },
      { kind: 'key', section: 'Text 1', label: 'Text Prospecting Hub Key', value: '[Text key not set]' },
    ]);
  });

  it('lines two messages up side by side and marks what differs', () => {
    const a = readMessageFacts(composeVendorEmail(input({}, 'https://x.example/?utm_source=a')).text);
    const b = readMessageFacts(
      composeVendorEmail(input({ split: '60/40', emailProspectingKey: 'B-KEY' }, 'https://x.example/?utm_source=b'))
        .text,
    );
    expect(
      compareMessageFacts(a, b).map(({ label, section, a: first, b: second, isSame }) => [
        section,
        label,
        first,
        second,
        isSame,
      ]),
    ).toEqual([
      ['Terms (Revshare)', 'Split', '60/40: vendor 60 %, client 40 %', '60/40: vendor 60 %, client 40 %', true],
      ['Email 1', 'Link', 'https://x.example/?utm_source=a', 'https://x.example/?utm_source=b', false],
      ['Email 1', 'Email Prospecting Hub Key', 'ACME-KEY', 'B-KEY', false],
      ['Text 1', 'Link', '[Link not provided]', '[Link not provided]', true],
      ['Text 1', 'Text Prospecting Hub Key', '[Text key not set]', '[Text key not set]', true],
    ]);
  });

  it("reads a message sent before splits were worded ('Split: 60/40') as a later one says it", () => {
    const older = 'Good morning,\n\nTerms (Revshare)\nSplit: 60/40\n\nThank you,\n';
    const later = composeVendorEmail(input({}, 'https://x.example/?utm_source=a')).text;
    const [olderTerms] = readMessageFacts(older);
    expect(olderTerms).toEqual({
      kind: 'terms',
      section: 'Terms (Revshare)',
      label: 'Split',
      value: '60/40: vendor 60 %, client 40 %',
    });
    expect(compareMessageFacts([olderTerms!], readMessageFacts(later).slice(0, 1))[0]!.isSame).toBe(true);
  });
});
