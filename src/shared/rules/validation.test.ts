import { describe, expect, it } from 'vitest';
import { sendBody } from '../contracts/send';
import {
  findMissingLink,
  findMissingRequirements,
  labelCards,
  pleaseCompleteMessage,
  type SendRequirementsState,
} from './validation';

const vendors = [
  { vendorId: 'acme1234', name: 'Acme' },
  { vendorId: 'bravo5678', name: 'Bravo' },
];

const completeEmail = {
  id: 'main',
  htmlContent: '<p>Hi</p>',
  subject: 'Spring appeal',
  senderName: 'GOA',
  endDate: '2026-03-14',
  csvContent: 'https://x.example/?utm_source=acme',
};

function state(overrides: Partial<SendRequirementsState> = {}): SendRequirementsState {
  return {
    selectedClient: 'goa-victory',
    selectedVendors: ['acme1234'],
    pricingModel: 'Revshare',
    emailCards: [completeEmail],
    textCards: [],
    vendors,
    splits: {},
    costs: {},
    ...overrides,
  };
}

describe('findMissingRequirements', () => {
  it('passes a complete send, with the default split counting as a split', () => {
    expect(findMissingRequirements(state())).toEqual([]);
  });

  it('lists everything missing from an empty page in SPEC order', () => {
    expect(findMissingRequirements(state({ selectedClient: null, selectedVendors: [], emailCards: [] }))).toEqual([
      'Client selection',
      'Vendor selection',
      'Prospecting details (email or text)',
    ]);
  });

  it('names the main card fields, the CSV, then each card', () => {
    const blankMain = { id: 'main', htmlContent: '', subject: ' ', senderName: null, endDate: null, csvContent: null };
    const second = {
      id: 'email-2',
      htmlContent: null,
      subject: 'S',
      senderName: '',
      endDate: '2026-03-20',
      csvContent: null,
    };
    const text = { id: 'text-1', content: '  ', csvContent: null };
    expect(findMissingRequirements(state({ emailCards: [blankMain, second], textCards: [text] }))).toEqual([
      'Email 1 subject line',
      'Email 1 sender name',
      'Email 1 end date',
      'CSV file with vendor links',
      'Email 1 HTML file',
      'Email 2 HTML file',
      'Email 2 sender name',
      'Text 1 text content',
    ]);
  });

  it('accepts a CSV on any card or in the global drop zone', () => {
    const noCsv = { ...completeEmail, csvContent: null };
    expect(findMissingRequirements(state({ emailCards: [noCsv] }))).toEqual(['CSV file with vendor links']);
    expect(findMissingRequirements(state({ emailCards: [noCsv], globalCsvContent: 'a,b' }))).toEqual([]);
    expect(
      findMissingRequirements(
        state({ emailCards: [noCsv], textCards: [{ id: 'text-1', content: 'Hi', csvContent: 'a' }] }),
      ),
    ).toEqual([]);
  });

  it('checks a text-only send', () => {
    expect(
      findMissingRequirements(
        state({ emailCards: [], textCards: [{ id: 'text-1', content: 'Give', csvContent: 'a' }] }),
      ),
    ).toEqual([]);
  });

  it('names what each selected vendor lacks under the pricing model', () => {
    const selected = { selectedVendors: ['acme1234', 'bravo5678'] };
    expect(
      findMissingRequirements(
        state({ ...selected, pricingModel: 'CPD', costs: { acme1234: { costPerDonor: 12, cpdBudget: null } } }),
      ),
    ).toEqual(['CPD budget for Acme', 'Cost per donor for Bravo', 'CPD budget for Bravo']);
    expect(findMissingRequirements(state({ ...selected, pricingModel: 'CPA' }))).toContain(
      'Cost per acquisition for Acme',
    );
    expect(findMissingRequirements(state({ ...selected, pricingModel: 'CPM' }))).toContain('CPM budget for Bravo');
    expect(findMissingRequirements(state({ ...selected, splits: { bravo5678: 'none' } }))).toEqual(['Split for Bravo']);
  });

  it('is not fooled by vendor ids that are Object.prototype names', () => {
    expect(
      findMissingRequirements(
        state({ selectedVendors: ['constructor'], vendors: [{ vendorId: 'constructor', name: 'Ctor' }] }),
      ),
    ).toEqual([]);
  });

  it('takes the parsed send body as it is', () => {
    const body = sendBody.parse({
      selectedVendors: ['acme1234'],
      emailCards: [{ ...completeEmail, subject: '' }],
      selectedClient: 'goa-victory',
      pricingModel: 'Revshare',
    });
    expect(findMissingRequirements({ ...body, vendors, splits: body.vendorSplits, costs: {} })).toEqual([
      'Email 1 subject line',
    ]);
  });
});

describe('pleaseCompleteMessage', () => {
  it('joins the labels', () => {
    expect(pleaseCompleteMessage(['Client selection', 'Vendor selection'])).toBe(
      'Please complete: Client selection, Vendor selection',
    );
  });
});

describe('findMissingLink', () => {
  const cards = labelCards([{ id: 'main' }], [{ id: 'text-1' }, { id: 'text-2' }]);
  const names = { acme1234: 'Acme', bravo5678: 'Bravo' };

  it('labels cards by kind and position', () => {
    expect(cards).toEqual([
      { id: 'main', label: 'Email 1' },
      { id: 'text-1', label: 'Text 1' },
      { id: 'text-2', label: 'Text 2' },
    ]);
  });

  it('is null when every selected vendor has a link on every card', () => {
    const links = {
      main: { acme1234: 'https://x.example/1', bravo5678: 'https://x.example/2' },
      'text-1': { acme1234: 'https://x.example/3', bravo5678: 'https://x.example/4' },
      'text-2': { acme1234: 'https://x.example/5', bravo5678: 'https://x.example/6' },
    };
    expect(findMissingLink(cards, ['acme1234', 'bravo5678'], links, names)).toBeNull();
  });

  it('names the first card and vendor without a link', () => {
    const links = {
      main: { acme1234: 'https://x.example/1', bravo5678: 'https://x.example/2' },
      'text-1': { acme1234: 'https://x.example/3', bravo5678: ' ' },
    };
    expect(findMissingLink(cards, ['acme1234', 'bravo5678'], links, names)).toBe(
      'Missing vendor link for card Text 1 and vendor Bravo. Please upload the CSV with vendor links.',
    );
    expect(findMissingLink(cards, ['ghost0001'], {}, names)).toBe(
      'Missing vendor link for card Email 1 and vendor ghost0001. Please upload the CSV with vendor links.',
    );
  });
});
