import { describe, expect, it } from 'vitest';
import { vendorIdValue } from '../contracts/vendors';
import { generateVendorId } from './vendor-id';

const NOW = 1_767_225_601_234;

describe('generateVendorId', () => {
  it('keeps the UTM source letters and digits, lowercased, plus the last 4 timestamp digits', () => {
    expect(generateVendorId('Acme Lists', 'Acme_Lists-2024!', NOW)).toBe('acmelists20241234');
  });

  it('falls back to the first 10 characters of the name when the UTM source is too short', () => {
    expect(generateVendorId('Bravo Data Partners', 'b', NOW)).toBe('bravodata1234');
    expect(generateVendorId('Bravo Data Partners', '--', NOW)).toBe('bravodata1234');
  });

  it('keeps a two-character UTM source', () => {
    expect(generateVendorId('Bravo', 'B2', NOW)).toBe('b21234');
  });

  it('strips characters that are not URL-safe from the name stem', () => {
    expect(generateVendorId('Ça & Co. / Ünïon', '', NOW)).toBe('caco1234');
    expect(generateVendorId('Zoë Data', 'é', NOW)).toBe('zoedata1234');
  });

  it('uses a fixed stem when neither gives a letter or digit', () => {
    expect(generateVendorId('!!!', '', NOW)).toBe('vendor1234');
  });

  it('pads a short timestamp to 4 digits', () => {
    expect(generateVendorId('Acme', 'acme', 42)).toBe('acme0042');
  });

  it('always satisfies the vendorId contract', () => {
    const names = ['Acme', '', 'Ωmega Lists', '日本語ベンダー', 'a'.repeat(300)];
    const sources = ['', 'x', 'UTM Source', 'ü', 'b'.repeat(200)];
    for (const name of names) {
      for (const source of sources) {
        expect(vendorIdValue.safeParse(generateVendorId(name, source, NOW)).success).toBe(true);
      }
    }
  });
});
