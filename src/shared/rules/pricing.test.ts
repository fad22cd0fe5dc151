import { describe, expect, it } from 'vitest';
import { formatDollars, isValidSplit, vendorTerms } from './pricing';

describe('vendorTerms', () => {
  it('gives the Revshare split', () => {
    expect(vendorTerms('Revshare', '60/40', undefined)).toEqual({
      label: 'Revshare',
      lines: ['Split: 60/40: vendor 60 %, client 40 %'],
      items: [{ label: 'Split', value: '60/40' }],
      isComplete: true,
      missing: [],
    });
  });

  it('counts the 50/50 default as a split when the vendor has no split row', () => {
    const worded = ['Split: 50/50: vendor 50 %, client 50 %'];
    expect(vendorTerms('Revshare', undefined, undefined)).toMatchObject({ lines: worded, isComplete: true });
    expect(vendorTerms('Revshare', ' ', undefined)).toMatchObject({ lines: worded, isComplete: true });
  });

  it('reports a malformed split as missing', () => {
    expect(vendorTerms('Revshare', '70/40', undefined)).toEqual({
      label: 'Revshare',
      lines: ['Split: [Not set]'],
      items: [{ label: 'Split', value: '[Not set]' }],
      isComplete: false,
      missing: ['Split'],
    });
  });

  it('gives CPD cost per donor and budget in dollars', () => {
    expect(vendorTerms('CPD', '60/40', { costPerDonor: 12.5, cpdBudget: 5000 })).toEqual({
      label: 'CPD',
      lines: ['Cost per donor: $12.50', 'CPD budget: $5,000'],
      items: [
        { label: 'Cost per donor', value: '$12.50' },
        { label: 'CPD budget', value: '$5,000' },
      ],
      isComplete: true,
      missing: [],
    });
  });

  it('gives CPA and CPM terms from their own fields only', () => {
    const costs = {
      costPerDonor: 1,
      cpdBudget: 2,
      costPerAcquisition: 3.25,
      cpaBudget: 1200,
      costPerThousand: 0.75,
      cpmBudget: 999.99,
    };
    expect(vendorTerms('CPA', undefined, costs).lines).toEqual(['Cost per acquisition: $3.25', 'CPA budget: $1,200']);
    expect(vendorTerms('CPM', undefined, costs).lines).toEqual(['Cost per thousand: $0.75', 'CPM budget: $999.99']);
  });

  it('lists what is missing for cost models', () => {
    expect(vendorTerms('CPM', undefined, undefined)).toEqual({
      label: 'CPM',
      lines: ['Cost per thousand: [Not set]', 'CPM budget: [Not set]'],
      items: [
        { label: 'Cost per thousand', value: '[Not set]' },
        { label: 'CPM budget', value: '[Not set]' },
      ],
      isComplete: false,
      missing: ['Cost per thousand', 'CPM budget'],
    });
    expect(vendorTerms('CPA', undefined, { costPerAcquisition: 4, cpaBudget: null }).missing).toEqual(['CPA budget']);
  });

  it('treats a cost of 0 as set', () => {
    expect(vendorTerms('CPD', undefined, { costPerDonor: 0, cpdBudget: 0 })).toMatchObject({
      lines: ['Cost per donor: $0', 'CPD budget: $0'],
      isComplete: true,
    });
  });
});

describe('formatDollars', () => {
  it('shows cents only when there are some', () => {
    expect(formatDollars(5000)).toBe('$5,000');
    expect(formatDollars(12.5)).toBe('$12.50');
    expect(formatDollars(1234567.891)).toBe('$1,234,567.89');
  });
});

describe('isValidSplit', () => {
  it('accepts two whole numbers summing to 100', () => {
    expect(isValidSplit('100/0')).toBe(true);
    expect(isValidSplit('50/50')).toBe(true);
    expect(isValidSplit('50/51')).toBe(false);
    expect(isValidSplit('half')).toBe(false);
  });
});
