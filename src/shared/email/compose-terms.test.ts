import { describe, expect, it } from 'vitest';
import type { PricingModel } from '../contracts/vendor-terms';
import type { CostValues } from '../rules/pricing';
import { composeVendorEmail, type ComposeInput } from './compose';

const input = (pricingModel: PricingModel, split: string | undefined, costs?: CostValues): ComposeInput => ({
  send: {
    client: { slug: 'goa-victory', displayName: 'GOA Victory' },
    pricingModel,
    emailCards: [],
    textCards: [],
  },
  vendor: {
    name: 'Acme Lists',
    emails: ['ops@acme.test'],
    emailProspectingKey: null,
    textProspectingKey: null,
    split,
    costs,
  },
  context: {
    now: new Date('2026-03-10T14:30:00Z'),
    senderEmail: 'jane.doe@agency.test',
    senderFirstName: 'Jane',
    approvalEmails: [],
    hubPassword: 'hub-secret',
  },
});

/** The terms section's one row in the HTML part: the label cell, then the value cell. */
const htmlRow = (label: string, value: string) =>
  new RegExp(`<td style="[^"]*">${label}</td><td style="[^"]*">${value}</td></tr>`);

// Issue 24 item 1: a split A/B gives the vendor A % of net revenue, and the message says so (PRODUCT 5's line
// 'Split: …', its value in splitWording's words).
describe("the vendor message's Revshare line", () => {
  it("says whose share is whose: 'Split: 60/40: vendor 60 %, client 40 %'", () => {
    const { text, html } = composeVendorEmail(input('Revshare', '60/40'));
    expect(text).toContain('\n\nTerms (Revshare)\nSplit: 60/40: vendor 60 %, client 40 %\n\n');
    expect(html).toMatch(htmlRow('Split', '60/40: vendor 60 %, client 40 %'));
  });

  it("keeps the first number the vendor's when the client's share is larger", () => {
    const { text, html } = composeVendorEmail(input('Revshare', ' 30/70 '));
    expect(text).toContain('\nSplit: 30/70: vendor 30 %, client 70 %\n');
    expect(html).toMatch(htmlRow('Split', '30/70: vendor 30 %, client 70 %'));
  });

  it("words the 50/50 default of a vendor without a split, and leaves '[Not set]' and other models' terms alone", () => {
    expect(composeVendorEmail(input('Revshare', undefined)).text).toContain(
      '\nSplit: 50/50: vendor 50 %, client 50 %\n',
    );
    expect(composeVendorEmail(input('Revshare', '70/40')).text).toContain('\nTerms (Revshare)\nSplit: [Not set]\n\n');
    const cpd = composeVendorEmail(input('CPD', '60/40', { costPerDonor: 12.5, cpdBudget: 5000 }));
    expect(cpd.text).toContain('\n\nTerms (CPD)\nCost per donor: $12.50\nCPD budget: $5,000\n\n');
    expect(cpd.text).not.toContain('vendor 60 %');
    expect(cpd.html).not.toContain('vendor 60 %');
  });
});
