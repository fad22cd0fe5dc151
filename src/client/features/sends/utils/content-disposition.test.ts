import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './content-disposition';

describe('fileNameFromDisposition', () => {
  it('prefers the exact UTF-8 name of filename* over the ASCII fallback', () => {
    expect(fileNameFromDisposition(`attachment; filename="r_sum_.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`)).toBe(
      'résumé.csv',
    );
  });

  it('reads what the server writes (the same package): a plain name bare, any other with its exact name in filename*', () => {
    expect(fileNameFromDisposition('attachment; filename=dispatch-12-acme1234.eml')).toBe('dispatch-12-acme1234.eml');
    expect(
      fileNameFromDisposition(
        `attachment; filename="na?ve \\"draft\\".csv"; filename*=UTF-8''na%C3%AFve%20%22draft%22.csv`,
      ),
    ).toBe('naïve "draft".csv');
  });

  it('reads a quoted or bare filename', () => {
    expect(fileNameFromDisposition('attachment; filename="spring appeal.html"')).toBe('spring appeal.html');
    expect(fileNameFromDisposition('attachment; filename=links.csv')).toBe('links.csv');
  });

  it('falls back to the plain name when filename* is malformed, and answers nothing without a name', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.csv"; filename*=UTF-8''%E0%A4%A`)).toBe('a.csv');
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
    expect(fileNameFromDisposition(null)).toBeUndefined();
  });
});
