import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from './csv-cells';

describe('CSV cells a spreadsheet opens safely', () => {
  it('never lets text start a formula, and keeps numbers numbers', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(['+1+2', '-2+3', '@SUM(A1)', '\tx'].map(csvCell)).toEqual(["'+1+2", "'-2+3", "'@SUM(A1)", "'\tx"]);
    expect([csvCell('-12.50'), csvCell(-1250), csvCell(0), csvCell(null)]).toEqual(['-12.50', '-1250', '0', '']);
    expect(csvCell('Acme, Inc.')).toBe('"Acme, Inc."');
  });

  it('reads back as the values written (but the apostrophe before a formula)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          const parsed = Papa.parse<string[]>(csvText(rows), { delimiter: ',', skipEmptyLines: false }).data.slice(
            0,
            rows.length,
          );
          expect(parsed).toEqual(
            rows.map((row) =>
              row.map((value) => (/^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value)),
            ),
          );
        },
      ),
    );
  });
});
