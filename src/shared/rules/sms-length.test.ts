import { describe, expect, it } from 'vitest';
import { smsStats } from './sms-length';

describe('smsStats', () => {
  it('fits 160 GSM-7 characters in one SMS and splits longer copy by 153', () => {
    expect(smsStats('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', length: 160, segments: 1, perSegment: 160 });
    expect(smsStats('a'.repeat(161))).toMatchObject({ length: 161, segments: 2, perSegment: 153 });
    expect(smsStats('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(smsStats('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it('counts the GSM extension characters as 2', () => {
    expect(smsStats('{}[]~^|€\\').length).toBe(18);
    expect(smsStats(`${'a'.repeat(158)}€`)).toMatchObject({ encoding: 'GSM-7', length: 160, segments: 1 });
    expect(smsStats(`${'a'.repeat(159)}€`)).toMatchObject({ length: 161, segments: 2 });
  });

  it('keeps GSM accents and Greek capitals in GSM-7', () => {
    expect(smsStats('Café à Zürich ΔΩ £5 @home ¿?').encoding).toBe('GSM-7');
  });

  it('switches to UCS-2 for any other character: 70 single, 67 split', () => {
    expect(smsStats(`${'a'.repeat(69)}’`)).toMatchObject({
      encoding: 'UCS-2',
      length: 70,
      segments: 1,
      perSegment: 70,
      nonGsmCharacters: ['’'],
    });
    expect(smsStats(`${'a'.repeat(70)}’`)).toMatchObject({ length: 71, segments: 2, perSegment: 67 });
    expect(smsStats('🇺🇸 Vote').length).toBe(9); // two surrogate pairs, as UCS-2 counts them
  });

  it('gives no segments for no text', () => {
    expect(smsStats('')).toMatchObject({ length: 0, segments: 0 });
  });
});
