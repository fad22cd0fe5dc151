import { describe, expect, it } from 'vitest';
import { attributeRow, isFirstPayment, type AttributionContext, type SendToVendor } from './attribution';
import { ACTBLUE_COLUMNS, ACTBLUE_MAPPING, isActBlueHeader, resolveColumns } from './columns';
import { readRow } from './rows';
import {
  normaliseCode,
  normaliseEmail,
  parseCents,
  parseNewYorkDateTime,
  urlParameter,
  windowStart,
  windowStartOf,
} from './values';

describe('amounts in cents', () => {
  it('reads the digits, never a float', () => {
    expect(parseCents('25')).toBe(2500);
    expect(parseCents('25.5')).toBe(2550);
    expect(parseCents('0.29')).toBe(29);
    expect(parseCents('$1,234.56')).toBe(123456);
    expect(parseCents(' -10.00 ')).toBe(-1000);
    expect(parseCents('(10.00)')).toBe(-1000);
    expect(parseCents('.07')).toBe(7);
    expect(parseCents('1.005')).toBeNull();
    expect(parseCents('12,34')).toBeNull();
    expect(parseCents('abc')).toBeNull();
    expect(parseCents('')).toBeNull();
    expect(parseCents('$')).toBeNull();
  });
});

describe('dates in New York time', () => {
  it('reads ActBlue dates as US Eastern, in winter and in summer', () => {
    expect(parseNewYorkDateTime('2026-01-15 09:30:00')?.toISOString()).toBe('2026-01-15T14:30:00.000Z');
    expect(parseNewYorkDateTime('2026-07-15 09:30:00')?.toISOString()).toBe('2026-07-15T13:30:00.000Z');
    expect(parseNewYorkDateTime('7/15/2026 9:30 PM')?.toISOString()).toBe('2026-07-16T01:30:00.000Z');
    expect(parseNewYorkDateTime('2026-07-15')?.toISOString()).toBe('2026-07-15T04:00:00.000Z');
    expect(parseNewYorkDateTime('2026-07-15T13:30:00Z')?.toISOString()).toBe('2026-07-15T13:30:00.000Z');
  });
  it('refuses what is no date', () => {
    for (const text of ['2026-02-30 10:00:00', 'yesterday', '', '13/01/2026', '2026-01-01 25:00:00']) {
      expect(parseNewYorkDateTime(text)).toBeNull();
    }
  });
  it('counts the window in New York calendar days across a clock change', () => {
    // 2026-11-01 is the end of daylight saving time: 30 days before 2026-11-20 10:00 EST is 2026-10-21 10:00 EDT.
    const at = parseNewYorkDateTime('2026-11-20 10:00:00')!;
    expect(windowStart(at, 30).toISOString()).toBe(parseNewYorkDateTime('2026-10-21 10:00:00')!.toISOString());
    expect(windowStart(at, 30).toISOString()).toBe('2026-10-21T14:00:00.000Z');
  });
  it('gives, from the hours it keeps, what working each instant out on its own gives', () => {
    // Every 7 min 13.457 s over the weeks of both 2026 clock changes, windows reaching across them and not, each
    // hour first asked about at an instant inside it.
    const weeks = [Date.UTC(2026, 2, 5), Date.UTC(2026, 9, 29), Date.UTC(2026, 10, 27)];
    for (const days of [0, 1, 2, 30, 365]) {
      for (const from of weeks) {
        for (let ms = from; ms < from + 7 * 86_400_000; ms += 433_457) {
          const at = new Date(ms);
          expect(windowStart(at, days).toISOString(), `${at.toISOString()}, ${days} days`).toBe(
            windowStartOf(at, days).toISOString(),
          );
        }
      }
    }
  });
});

describe('codes and e-mails', () => {
  it('are trimmed and lower-cased', () => {
    expect(normaliseCode('  SRC-A ')).toBe('src-a');
    expect(normaliseEmail(' Jo@Example.ORG ')).toBe('jo@example.org');
    expect(urlParameter('https://secure.actblue.com/donate/x?refcode=Ab%20C&utm_source=v1#top', 'refcode')).toBe(
      'Ab C',
    );
    expect(urlParameter('https://x.org/?UTM_SOURCE=v1', 'utm_source')).toBe('v1');
    expect(urlParameter('not a url', 'utm_source')).toBeNull();
  });
  it("read a landing URL's parameters as written, decoded when they can be", () => {
    const url =
      'https://x.org/d?utm_source_x=no&amp=1&utm_source=&refcode=a+b&utm_campaign=50%25%20off&bad=%E0%A4%A#refcode=c';
    expect(urlParameter(url, 'utm_source')).toBe('');
    expect(urlParameter(url, 'refcode')).toBe('a b');
    expect(urlParameter(url, 'utm_campaign')).toBe('50% off');
    // A malformed escape as URLSearchParams reads it (a browser the same): U+FFFD for the bytes that are not UTF-8.
    expect(urlParameter(url, 'bad')).toBe('\uFFFD%A');
    expect(urlParameter(url, 'amp')).toBe('1');
    expect(urlParameter('https://x.org/?refcode', 'refcode')).toBe('');
    expect(urlParameter('https://x.org/?a=1&&refcode=r&', 'refcode')).toBe('r');
    expect(urlParameter('https://x.org/?a&refcode&b=2&c&refcode=r', 'refcode')).toBe('');
    expect(urlParameter('https://x.org/?a&b&c=3&refcode=r', 'refcode')).toBe('r');
    expect(urlParameter('https://x.org/?a&b&c=3&refcode=r', 'b')).toBe('');
    expect(urlParameter('https://x.org/?', 'refcode')).toBeNull();
    expect(urlParameter('https://x.org/?ref=r', 'refcode')).toBeNull();
    expect(urlParameter('https://x.org/#top?refcode=r', 'refcode')).toBeNull();
    expect(urlParameter('secure.actblue.com/donate/x?refcode=r', 'refcode')).toBe('r');
  });
});

const ACTBLUE_HEADER: readonly string[] = ACTBLUE_COLUMNS;

describe('ActBlue columns', () => {
  it('map themselves, and a missing one is named', () => {
    expect(isActBlueHeader(ACTBLUE_HEADER)).toBe(true);
    expect(isActBlueHeader(['id', 'when', 'amount'])).toBe(false);
    expect(resolveColumns(ACTBLUE_HEADER, ACTBLUE_MAPPING, true).ok).toBe(true);
    const without = resolveColumns(
      ACTBLUE_HEADER.filter((name) => name !== 'Lineitem ID'),
      ACTBLUE_MAPPING,
      true,
    );
    expect(without).toMatchObject({ ok: false, missing: ['Lineitem ID'] });
    if (!without.ok) expect(without.message).toContain("'Lineitem ID'");
  });

  it('reads a row: codes from both reference codes and the landing URL, a refund, the line of a bad amount', () => {
    const columns = resolveColumns(ACTBLUE_HEADER, ACTBLUE_MAPPING, true);
    if (!columns.ok) throw new Error(columns.message);
    const fields = Object.fromEntries(ACTBLUE_HEADER.map((name) => [name, '']));
    const rowOf = (values: Record<string, string>) => ACTBLUE_HEADER.map((name) => values[name] ?? fields[name] ?? '');
    const read = readRow(
      rowOf({
        'Lineitem ID': '77',
        Date: '2026-07-15 09:30:00',
        Amount: '50.00',
        'Reference Code': ' VendA ',
        'Fundraising Page': 'https://secure.actblue.com/donate/p?refcode=other&utm_source=VENDA',
        'Donor Email': ' Jo@Example.org',
        'Donor First Name': 'Jo',
        'Refund Date': '2026-07-20 10:00:00',
      }),
      2,
      columns.indexes,
      columns.names,
    );
    expect(read).toMatchObject({
      ok: true,
      row: {
        sourceId: '77',
        amountCents: 5000,
        codes: ['venda', 'other'],
        email: 'jo@example.org',
        refundedCents: 5000,
      },
    });
    const bad = readRow(
      rowOf({ 'Lineitem ID': '78', Date: '2026-07-15', Amount: '5O.00' }),
      9,
      columns.indexes,
      columns.names,
    );
    expect(bad).toEqual({ ok: false, message: "Line 9, column 'Amount': this is not an amount ('5O.00')" });
  });
});

const day = (text: string) => parseNewYorkDateTime(text)!;
function context(sends: SendToVendor[], codes: Record<string, string[]>, windowDays = 30): AttributionContext {
  return { vendorsByCode: new Map(Object.entries(codes)), sends, windowDays };
}
const row = (over: Partial<Parameters<typeof attributeRow>[0]> = {}) => ({
  contributedAt: day('2026-11-20 10:00:00'),
  amountCents: 2500,
  codes: ['src-a'],
  campaign: null,
  recurrenceNumber: null,
  ...over,
});

describe('attribution of one row', () => {
  const sends: SendToVendor[] = [
    { sendId: 1, vendorId: 'a', mailedAt: day('2026-10-21 10:00:00'), campaigns: ['fall'] },
    { sendId: 2, vendorId: 'a', mailedAt: day('2026-11-10 08:00:00'), campaigns: ['winter'] },
    { sendId: 3, vendorId: 'b', mailedAt: day('2026-11-19 08:00:00'), campaigns: [] },
    { sendId: 4, vendorId: 'a', mailedAt: day('2026-11-20 10:00:01'), campaigns: ['fall'] },
  ];
  const codes = { 'src-a': ['a'], 'src-b': ['b'], shared: ['a', 'b'] };

  it('picks the latest send to the vendor mailed before the gift', () => {
    expect(attributeRow(row(), context(sends, codes))).toEqual({
      vendorId: 'a',
      sendId: 2,
      attribution: 'code:src-a',
      code: 'src-a',
    });
  });
  it('lets the campaign pick the send when exactly one send carries it', () => {
    expect(attributeRow(row({ campaign: 'fall' }), context(sends, codes))).toMatchObject({
      sendId: 1,
      attribution: 'campaign:fall',
    });
    expect(attributeRow(row({ campaign: 'spring' }), context(sends, codes))).toMatchObject({ sendId: 2 });
  });
  it('keeps the window edges in New York days: 30 days to the second across the clock change, not a second more', () => {
    const only = [sends[0]!];
    expect(attributeRow(row(), context(only, codes))).toMatchObject({ sendId: 1 });
    expect(attributeRow(row({ contributedAt: day('2026-11-20 10:00:01') }), context(only, codes))).toEqual({
      vendorId: 'a',
      sendId: null,
      attribution: 'outside-window',
      code: 'src-a',
    });
  });
  it('uses the first code that is a result code; a code shared by two vendors is ambiguous', () => {
    expect(attributeRow(row({ codes: ['nothing', 'src-b'] }), context(sends, codes))).toMatchObject({
      vendorId: 'b',
      sendId: 3,
    });
    expect(attributeRow(row({ codes: ['shared', 'src-a'] }), context(sends, codes))).toEqual({
      vendorId: null,
      sendId: null,
      attribution: 'ambiguous',
      code: 'shared',
    });
    expect(attributeRow(row({ codes: [] }), context(sends, codes))).toMatchObject({ attribution: 'unmatched' });
  });
  it('attributes only the first payment of a recurring gift, and no negative row', () => {
    expect(isFirstPayment(null)).toBe(true);
    expect(isFirstPayment(1)).toBe(true);
    expect(attributeRow(row({ recurrenceNumber: 1 }), context(sends, codes))).toMatchObject({ sendId: 2 });
    expect(attributeRow(row({ recurrenceNumber: 2 }), context(sends, codes))).toMatchObject({
      vendorId: null,
      attribution: 'not-counted:recurring',
    });
    expect(attributeRow(row({ amountCents: -2500 }), context(sends, codes))).toMatchObject({
      attribution: 'not-counted:negative',
    });
  });
});
