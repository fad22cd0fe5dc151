import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ResultsMapping } from '../contracts/results';
import { columnReferences, MAPPING_PRESETS, presetMapping, resolveColumns } from './columns';
import { kindOfType, MAX_ROW_CENTS, readRow, type RowResult } from './rows';
import { parseCents } from './values';

const HEADER = ['id', 'Date', 'Gross Amount', 'Email', 'Source Code', 'Type', 'Original', 'agency', 'agency'];
const MAPPING: ResultsMapping = {
  id: 'id',
  date: 'Date',
  amount: 'Gross Amount',
  email: 'Email',
  codes: ['Source Code', 'agency#2'],
  type: 'Type',
  reverses: 'Original',
};

function read(fields: string[], mapping: ResultsMapping = MAPPING, header = HEADER): RowResult {
  const columns = resolveColumns(header, mapping, false);
  if (!columns.ok) throw new Error(columns.message);
  return readRow(fields, 7, columns.indexes, columns.names);
}
const row = (amount: string, type = '', original = '', id = 'wr-1') => [
  id,
  '2026-03-10 12:00:00',
  amount,
  'A@x.org',
  'acme',
  type,
  original,
  'one',
  'two',
];
const ok = (result: RowResult) => {
  if (!result.ok) throw new Error(result.message);
  return result.row;
};

describe('what a row is: a gift, a reversal of one, or neither', () => {
  it('a negative amount reverses the contribution of the same id; its amount is what it takes back', () => {
    expect(ok(read(row('-50.00')))).toMatchObject({ kind: 'refund', reversesId: 'wr-1', amountCents: 5_000 });
    expect(ok(read(row('50.00')))).toMatchObject({ kind: 'gift', reversesId: null, amountCents: 5_000 });
  });

  it("the 'reverses' column names the contribution reversed, else the row's own id", () => {
    expect(ok(read(row('-5', '', 'wr-0', 'rf-9')))).toMatchObject({ sourceId: 'rf-9', reversesId: 'wr-0' });
    expect(ok(read(row('-5', '', '', 'rf-9')))).toMatchObject({ sourceId: 'rf-9', reversesId: 'rf-9' });
  });

  it('a type column makes a reversal of a positive amount, and tells a chargeback or a void apart', () => {
    expect(ok(read(row('30.00', 'Partially Refunded')))).toMatchObject({ kind: 'refund', amountCents: 3_000 });
    expect(ok(read(row('30.00', 'Dispute')))).toMatchObject({ kind: 'chargeback' });
    expect(ok(read(row('-30.00', 'chargeback')))).toMatchObject({ kind: 'chargeback', amountCents: 3_000 });
    expect(ok(read(row('30.00', 'voided')))).toMatchObject({ kind: 'void' });
    expect(ok(read(row('30.00', 'Donation')))).toMatchObject({ kind: 'gift' });
    expect(ok(read(row('30.00', 'Payout')))).toMatchObject({ kind: 'skip' });
    expect(['completed', '', 'refunded', 'Chargeback Reversed'].map(kindOfType)).toEqual([
      'gift',
      null,
      'refund',
      'skip',
    ]);
  });

  it('a $0 row is no gift: skipped with its reason, however its type reads', () => {
    for (const amount of ['0.00', '$0', '-0.00', '(0.00)']) {
      expect(ok(read(row(amount, 'chargeback fee'))), amount).toMatchObject({
        kind: 'skip',
        skipReason: '$0 rows (fees, not gifts)',
      });
    }
  });

  it('amounts as people write them; above $10,000,000.00 or unreadable, refused with the line and column', () => {
    expect(['$1,250.00', '-$50.00', '$-50.00', '(50.00)', '−50.00', '1250', '.5'].map(parseCents)).toEqual([
      125_000, -5_000, -5_000, -5_000, -5_000, 125_000, 50,
    ]);
    expect(read(row('$10,000,000.01'))).toEqual({
      ok: false,
      message: "Line 7, column 'Gross Amount': an amount above $10,000,000.00 ('$10,000,000.01')",
    });
    expect(ok(read(row('-10000000.00')))).toMatchObject({ amountCents: MAX_ROW_CENTS });
    expect(read(row('12,34'))).toMatchObject({ ok: false, message: expect.stringMatching(/^Line 7, column/) });
  });

  it('a row with more or fewer fields than the header is refused with its line and both counts', () => {
    expect(read([...row('5'), 'x'])).toEqual({
      ok: false,
      message: 'Line 7: the row has 10 fields, the header has 9: every row must have as many fields as the header.',
    });
    expect(read(['wr-1'])).toMatchObject({ ok: false, message: expect.stringContaining('the row has 1 field,') });
  });

  it('a date the database cannot hold is refused with its line and column', () => {
    for (const date of ['9999-12-31 23:00:00', '0001-01-01T00:00:00Z', '1/1/0001', '2200-01-01']) {
      const fields = row('5');
      fields[1] = date;
      expect(read(fields), date).toEqual({
        ok: false,
        message: `Line 7, column 'Date': this date is not between the years 1900 and 2199 ('${date}')`,
      });
    }
  });

  it('a reversal is never a negative gift (property: any amount, any type)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -MAX_ROW_CENTS, max: MAX_ROW_CENTS }),
        fc.constantFrom('', 'Donation', 'refund', 'Chargeback', 'void', 'Payout'),
        (cents, type) => {
          const text = `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
          const read_ = ok(read(row(text, type)));
          expect(read_.amountCents).toBeGreaterThanOrEqual(0);
          if (cents === 0) expect(read_.kind).toBe('skip');
          if (read_.kind === 'gift') expect(read_.amountCents).toBe(cents);
          if (cents < 0 && type !== 'Payout') expect(read_.kind).not.toBe('gift');
        },
      ),
    );
  });
});

describe('columns of the same name, and the presets', () => {
  it("every column by its position: a later one of a repeated name as 'name#n', picked as such", () => {
    expect(columnReferences(HEADER).slice(-2)).toEqual(['agency', 'agency#2']);
    const columns = resolveColumns(HEADER, MAPPING, false);
    expect(columns.ok && columns.indexes.codes).toEqual([4, 8]);
    expect(ok(read(row('5'))).codes).toEqual(['acme', 'two']);
    const first = resolveColumns(HEADER, { ...MAPPING, codes: ['agency'] }, false);
    expect(first.ok && first.indexes.codes).toEqual([7]);
    expect(resolveColumns(HEADER, { ...MAPPING, codes: ['agency#3'] }, false)).toMatchObject({
      ok: false,
      missing: ['agency#3'],
    });
  });

  it('a preset picks, for each field, the first of its documented columns the file has', () => {
    const winRed = MAPPING_PRESETS.find((preset) => preset.id === 'winred')!;
    expect(presetMapping(['Transaction ID', 'Date', 'Gross Amount', 'email', 'Source Code', 'agency'], winRed)).toEqual(
      { id: 'Transaction ID', date: 'Date', amount: 'Gross Amount', email: 'email', codes: ['Source Code'] },
    );
    const anedot = MAPPING_PRESETS.find((preset) => preset.id === 'anedot')!;
    expect(presetMapping(['Donation ID', 'Date', 'Amount', 'Email', 'Status'], anedot)).toMatchObject({
      id: 'Donation ID',
      amount: 'Amount',
      type: 'Status',
    });
  });
});
