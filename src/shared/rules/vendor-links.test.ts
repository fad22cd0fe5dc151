import { describe, expect, it } from 'vitest';
import { vendorLinkFor } from './vendor-links';

const links = {
  main: { acme1234: ' https://give.example.org/e?utm_source=acme&x=1 ', bravo5678: '  ' },
  'text-1': { acme1234: 'https://give.example.org/t?utm_source=acme' },
};

describe('vendorLinkFor', () => {
  it("picks one vendor's link for one card, trimmed", () => {
    expect(vendorLinkFor(links, 'main', 'acme1234')).toBe('https://give.example.org/e?utm_source=acme&x=1');
    expect(vendorLinkFor(links, 'text-1', 'acme1234')).toBe('https://give.example.org/t?utm_source=acme');
  });

  it('is null when the card, the vendor or the link is missing or blank', () => {
    expect(vendorLinkFor(links, 'other', 'acme1234')).toBeNull();
    expect(vendorLinkFor(links, 'text-1', 'bravo5678')).toBeNull();
    expect(vendorLinkFor(links, 'main', 'bravo5678')).toBeNull();
  });

  it("reads only a record's own entries (a vendor or card may be called 'constructor')", () => {
    expect(vendorLinkFor(links, 'constructor', 'acme1234')).toBeNull();
    expect(vendorLinkFor(links, 'main', 'constructor')).toBeNull();
    expect(vendorLinkFor(links, 'main', 'toString')).toBeNull();
  });
});
