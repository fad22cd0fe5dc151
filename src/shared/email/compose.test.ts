import { describe, expect, it } from 'vitest';
import { vendorLinkFor } from '../rules/vendor-links';
import {
  composeSubject,
  composeVendorEmail,
  PLACEHOLDERS,
  VENDOR_PAGE_LABEL,
  VENDOR_PAGE_TITLE,
  type ComposeInput,
} from './compose';

const allVendorLinks = {
  main: {
    acme1234: 'https://give.example.org/e?utm_source=acme&x=1',
    bravo5678: 'https://give.example.org/e?utm_source=bravo',
  },
  'text-1': {
    acme1234: 'https://give.example.org/t?utm_source=acme',
    bravo5678: 'https://give.example.org/t?utm_source=bravo',
  },
};

const emailCards = [
  {
    id: 'main',
    subject: 'Spring appeal',
    senderName: 'GOA Team',
    endDate: '2026-03-14',
    filename: 'spring.html',
    htmlContent: '<html><body>Héllo</body></html>',
  },
];
const textCards = [
  {
    id: 'text-1',
    content: 'Stand with us today!\nReply STOP to opt out',
    senderName: 'GOA',
    endDate: '2026-03-20T04:00:00.000Z',
    fileName: 'sms.PNG',
    fileContent: 'iVBORw0KGgo=',
  },
];

const vendors = {
  acme1234: {
    name: 'Acme Lists',
    emails: ['ops@acme.test'],
    emailProspectingKey: 'ACME-EMAIL-KEY',
    textProspectingKey: 'ACME-TEXT-KEY',
    split: '60/40',
    costs: { costPerDonor: 12.5, cpdBudget: 5000 },
  },
  bravo5678: {
    name: 'Bravo Data',
    emails: ['a@bravo.test', 'b@bravo.test'],
    emailProspectingKey: 'BRAVO-EMAIL-KEY',
    textProspectingKey: null,
    split: undefined,
    costs: { costPerDonor: 9, cpdBudget: 1200 },
  },
};

const context = {
  now: new Date('2026-03-10T14:30:00Z'), // 10:30 in New York
  senderEmail: 'jane.doe@agency.test',
  senderFirstName: 'Jane',
  approvalEmails: ['approvals@agency.test', 'boss@agency.test'],
  hubPassword: 'hub-secret',
};

const withVendorLinks = <Card extends { id: string }>(
  cards: readonly Card[],
  links: typeof allVendorLinks,
  vendorId: string,
) => cards.map((card) => ({ ...card, link: vendorLinkFor(links, card.id, vendorId) }));

function inputFor(vendorId: keyof typeof vendors, overrides: Partial<ComposeInput['send']> = {}): ComposeInput {
  return {
    send: {
      client: { slug: 'goa-victory', displayName: 'GOA Victory' },
      pricingModel: 'Revshare',
      emailCards: withVendorLinks(emailCards, allVendorLinks, vendorId),
      textCards: withVendorLinks(textCards, allVendorLinks, vendorId),
      ...overrides,
    },
    vendor: vendors[vendorId],
    context,
  };
}

describe('composeVendorEmail', () => {
  it('writes the body in order: greeting, client, terms, cards, approvals, sign-off, password', () => {
    const { text } = composeVendorEmail(inputFor('acme1234'));
    const order = [
      'Good morning,',
      'Hi Acme Lists, here is new prospecting content for you.',
      'Client: GOA Victory',
      'Terms (Revshare)\nSplit: 60/40: vendor 60 %, client 40 %\n\n',
      'Email 1\nSubject line: Spring appeal\nSender name: GOA Team\nEnd date: March 14, 2026\nLink: https://give.example.org/e?utm_source=acme&x=1\nEmail Prospecting Hub Key: ACME-EMAIL-KEY',
      'Text 1\nText copy:\nStand with us today!\nReply STOP to opt out\nSender name: GOA\nEnd date: March 20, 2026\nLink: https://give.example.org/t?utm_source=acme\nText Prospecting Hub Key: ACME-TEXT-KEY',
      'Please send approvals to jane.doe@agency.test, approvals@agency.test and boss@agency.test.',
      'Thank you,\nJane',
      'Password: hub-secret',
    ];
    let at = -1;
    for (const part of order) {
      const next = text.indexOf(part);
      expect(next, part).toBeGreaterThan(at);
      at = next;
    }
  });

  it("gives each vendor its own links, terms and keys and none of another vendor's", () => {
    const acme = composeVendorEmail(inputFor('acme1234', { pricingModel: 'CPD' }));
    const bravo = composeVendorEmail(inputFor('bravo5678', { pricingModel: 'CPD' }));
    for (const body of [acme.text, acme.html]) {
      expect(body).toContain('utm_source=acme');
      expect(body).toContain('ACME-EMAIL-KEY');
      expect(body).toContain('$12.50');
      expect(body).toContain('$5,000');
      expect(body).not.toContain('bravo');
      expect(body).not.toContain('BRAVO');
      expect(body).not.toContain('$1,200');
    }
    for (const body of [bravo.text, bravo.html]) {
      expect(body).toContain('utm_source=bravo');
      expect(body).toContain('BRAVO-EMAIL-KEY');
      expect(body).toContain('[Text key not set]');
      expect(body).toContain('$1,200');
      expect(body).not.toContain('acme');
      expect(body).not.toContain('ACME');
    }
    expect(acme.to).toEqual(['ops@acme.test']);
    expect(bravo.to).toEqual(['a@bravo.test', 'b@bravo.test']);
  });

  it('shows the default 50/50 split for a vendor without one', () => {
    expect(composeVendorEmail(inputFor('bravo5678')).text).toContain('Split: 50/50: vendor 50 %, client 50 %\n');
  });

  it('addresses the recipients as PRODUCT 5 says', () => {
    const email = composeVendorEmail({
      ...inputFor('acme1234'),
      context: { ...context, approvalEmails: ['approvals@agency.test', 'JANE.DOE@agency.test'] },
    });
    expect(email.cc).toEqual(['approvals@agency.test', 'JANE.DOE@agency.test']);
    expect(email.replyTo).toEqual(['jane.doe@agency.test', 'approvals@agency.test']);
    expect(email.text).toContain('Please send approvals to jane.doe@agency.test and approvals@agency.test.');
  });

  it('greets by New York time', () => {
    const at = (iso: string) =>
      composeVendorEmail({ ...inputFor('acme1234'), context: { ...context, now: new Date(iso) } }).text;
    expect(at('2026-03-10T16:59:00Z')).toMatch(/^Good afternoon,/); // 12:59 EDT
    expect(at('2026-03-10T21:00:00Z')).toMatch(/^Good evening,/); // 17:00 EDT
    expect(at('2026-03-10T03:00:00Z')).toMatch(/^Good evening,/); // 23:00 EDT the day before
  });

  it('shows placeholders for missing card data, keys and password', () => {
    const blankEmail = {
      id: 'main',
      subject: ' ',
      senderName: null,
      endDate: null,
      filename: null,
      htmlContent: null,
      link: null,
    };
    const blankText = {
      id: 'text-1',
      content: '',
      senderName: '',
      endDate: 'garbage',
      fileName: null,
      fileContent: null,
      link: null,
    };
    const email = composeVendorEmail({
      send: { client: null, pricingModel: 'CPM', emailCards: [blankEmail], textCards: [blankText] },
      vendor: { ...vendors.acme1234, emailProspectingKey: null, textProspectingKey: '' },
      context: { ...context, hubPassword: undefined },
    });
    for (const body of [email.text, email.html]) {
      expect(body).toContain('[No content provided]');
      expect(body).toContain('[Sender not provided]');
      expect(body).toContain('[End date not provided]');
      expect(body).toContain('[Link not provided]');
      expect(body).toContain('[Email key not set]');
      expect(body).toContain('[Text key not set]');
      expect(body).toContain('[Not set]');
      expect(body).toContain('Password: ask your account manager');
    }
    expect(email.text).toContain('Subject line: [No content provided]');
    expect(email.text).toContain('Text copy: [No content provided]');
    expect(email.text).toContain('Client: [Client not selected]');
    expect(email.attachments).toEqual([]);
  });

  it('escapes every interpolated value in the html and links only http(s)', () => {
    const evil = '<script>alert("x")</script>';
    const email = composeVendorEmail({
      send: {
        client: { slug: 'x', displayName: `A & B ${evil}` },
        pricingModel: 'Revshare',
        emailCards: [
          { ...emailCards[0]!, subject: evil, senderName: `"quoted" & 'single'`, link: 'javascript:alert(1)' },
        ],
        textCards: [{ ...textCards[0]!, content: `${evil}\nline two`, link: 'https://x.example/?a=1&b="2"' }],
      },
      vendor: { ...vendors.acme1234, name: `<b>Acme</b>`, emailProspectingKey: '<img src=x onerror=alert(1)>' },
      context: { ...context, senderFirstName: '<i>Jane</i>', hubPassword: '<p>pw</p>' },
    });
    expect(email.html).not.toMatch(/<script|<img|<b>|<i>|<p>pw/);
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(email.html).toContain('A &amp; B');
    expect(email.html).toContain('&quot;quoted&quot; &amp; &#39;single&#39;');
    expect(email.html).toContain('&lt;b&gt;Acme&lt;/b&gt;');
    expect(email.html).not.toContain('href="javascript');
    expect(email.html).toContain('javascript:alert(1)'); // shown as text, not as a link
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>line two');
    expect(email.html).toContain('https://x.example/?a=1&amp;b=&quot;2&quot;');
    // The text alternative carries the raw values.
    expect(email.text).toContain(`Subject line: ${evil}`);
  });

  it('is a self-contained, inline-styled fragment', () => {
    const { html } = composeVendorEmail(inputFor('acme1234'));
    expect(html.startsWith('<div style="')).toBe(true);
    expect(html).not.toMatch(/<style|<link|<script|class=/);
    expect(html).toContain('<a href="https://give.example.org/e?utm_source=acme&amp;x=1"');
  });

  it('lists the HTML files and images as attachments with their sizes', () => {
    expect(composeVendorEmail(inputFor('acme1234')).attachments).toEqual([
      { filename: 'spring.html', contentType: 'text/html', size: 32 },
      { filename: 'sms.PNG', contentType: 'image/png', size: 8 },
    ]);
  });
});

describe('composeSubject', () => {
  const send = inputFor('acme1234').send;
  it("is 'New {client} Content' for a send with email content", () => {
    expect(composeSubject(send)).toBe('New GOA Victory Content');
  });
  it("falls back to 'New Prospecting Content' without a client name or for a text-only send", () => {
    expect(composeSubject({ ...send, client: null })).toBe('New Prospecting Content');
    expect(composeSubject({ ...send, client: { slug: 'x', displayName: ' ' } })).toBe('New Prospecting Content');
    expect(composeSubject({ ...send, emailCards: [] })).toBe('New Prospecting Content');
  });
});

describe('the vendor page link (issue 14)', () => {
  const page = 'https://dispatch.agency.test/vendor#AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

  it('shows the personal link as a link in HTML and text, before the approvals line', () => {
    const email = composeVendorEmail({ ...inputFor('acme1234'), vendorPage: page });
    expect(email.html).toContain(`<a href="${page}"`);
    expect(email.text).toContain(`${VENDOR_PAGE_LABEL}: ${page}`);
    expect(email.text.indexOf(page)).toBeLessThan(email.text.indexOf('Please send approvals'));
  });

  it('shows the placeholder as plain text, not a link', () => {
    const email = composeVendorEmail({ ...inputFor('acme1234'), vendorPage: PLACEHOLDERS.vendorPage });
    expect(email.text).toContain(`${VENDOR_PAGE_LABEL}: ${PLACEHOLDERS.vendorPage}`);
    expect(email.html).toContain(PLACEHOLDERS.vendorPage);
  });

  it('leaves the section out without a link (VENDOR_LINKS=off)', () => {
    for (const vendorPage of [null, undefined]) {
      const email = composeVendorEmail({ ...inputFor('acme1234'), vendorPage });
      expect(email.text).not.toContain(VENDOR_PAGE_TITLE);
      expect(email.html).not.toContain(VENDOR_PAGE_TITLE);
    }
  });
});
