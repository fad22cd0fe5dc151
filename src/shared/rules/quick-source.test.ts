import { describe, expect, it } from 'vitest';
import { quickSource } from './link-collector';

/** What the full URL parse reads: the first utm_source parameter, name in any case. */
function slowSource(link: string): string | null {
  const url = new URL(link);
  for (const [name, value] of url.searchParams) if (name.toLowerCase() === 'utm_source') return value.trim();
  return null;
}

describe('quickSource', () => {
  it.each([
    'https://x.org/give?utm_source=acme',
    'https://x.org/give?UTM_SOURCE=Acme&utm_medium=email',
    'http://x.org/?a=1&utm_source=beta%20lists&b=2',
    'https://x.org/?utm_source=a+b',
    'https://x.org/?utm_source=&utm_medium=x',
    'https://x.org/?utm_source',
    'https://x.org/?utm_sourcex=no&utm_source=yes',
    'https://x.org/?xutm_source=no',
    'https://x.org/?utm_source=first&utm_source=second',
    'https://x.org/?a=1#utm_source=in-hash',
    'https://x.org/?utm_source=before-hash#x',
    'https://x.org/?utm_source=%E2%82%AC',
  ])('reads %s as the URL parser does', (link) => {
    expect(quickSource(link)).toBe(slowSource(link));
  });

  it('leaves anything that is not one plain link to the full parse', () => {
    expect(quickSource('Donate: https://x.org/?utm_source=acme')).toBeNull();
    expect(quickSource('ftp://x.org/?utm_source=acme')).toBeNull();
    expect(quickSource('https://x.org/?utm_source=%E2%82')).toBeNull();
  });
});
