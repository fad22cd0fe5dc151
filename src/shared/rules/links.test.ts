import { describe, expect, it } from 'vitest';
import {
  CSV_PARSE_ERROR_MESSAGE,
  CsvParseError,
  createLinkCollector,
  effectiveUtmSources,
  extractVendorLinks,
  looksBinary,
} from './links';

const vendors = [
  { vendorId: 'acme1234', utmSource: 'acme' },
  { vendorId: 'bravo5678', utmSource: ' Bravo ' },
  { vendorId: 'nosource0001', utmSource: '' },
];

describe('extractVendorLinks', () => {
  it('finds each vendor link by its utm_source, whatever the column', () => {
    const csv = [
      'name,link,notes',
      'Acme,https://give.example.org/a?utm_source=acme&utm_medium=email,first',
      'Bravo,n/a,https://give.example.org/b?utm_medium=sms&utm_source=bravo',
    ].join('\n');
    const result = extractVendorLinks(csv, vendors);
    expect(result.links).toEqual({
      acme1234: 'https://give.example.org/a?utm_source=acme&utm_medium=email',
      bravo5678: 'https://give.example.org/b?utm_medium=sms&utm_source=bravo',
    });
    expect(result.rowCount).toBe(3);
    expect(result.unmatchedSources).toEqual([]);
    expect(result.malformedUrls).toEqual([]);
    expect(result.conflicts).toEqual([]);
  });

  it('matches the parameter name and value case-insensitively and trimmed', () => {
    const csv = 'https://x.example/?UTM_Source=ACME%20\nhttps://x.example/?Utm_source=%20bravo';
    expect(extractVendorLinks(csv, vendors).links).toEqual({
      acme1234: 'https://x.example/?UTM_Source=ACME%20',
      bravo5678: 'https://x.example/?Utm_source=%20bravo',
    });
  });

  it('keeps the first link per vendor and reports different later ones as conflicts', () => {
    const csv = [
      'https://x.example/1?utm_source=acme',
      'https://x.example/1?utm_source=acme',
      'https://x.example/2?utm_source=acme',
      'https://x.example/3?utm_source=acme',
      'https://x.example/2?utm_source=acme',
    ].join('\r\n');
    const result = extractVendorLinks(csv, vendors);
    expect(result.links).toEqual({ acme1234: 'https://x.example/1?utm_source=acme' });
    expect(result.conflicts).toEqual([
      {
        vendorId: 'acme1234',
        kept: 'https://x.example/1?utm_source=acme',
        ignored: ['https://x.example/2?utm_source=acme', 'https://x.example/3?utm_source=acme'],
      },
    ]);
  });

  it('strips surrounding quotes, including doubled CSV quotes and curly ones', () => {
    const csv = ['"""https://x.example/?utm_source=acme"""', "'https://x.example/?utm_source=bravo'"].join('\n');
    expect(extractVendorLinks(csv, vendors).links).toEqual({
      acme1234: 'https://x.example/?utm_source=acme',
      bravo5678: 'https://x.example/?utm_source=bravo',
    });
    expect(extractVendorLinks('“https://x.example/?utm_source=acme”', vendors).links).toEqual({
      acme1234: 'https://x.example/?utm_source=acme',
    });
  });

  it('reads a link out of a cell that also holds words', () => {
    const csv = 'Donate here: https://x.example/?utm_source=acme today';
    expect(extractVendorLinks(csv, vendors).links).toEqual({ acme1234: 'https://x.example/?utm_source=acme' });
  });

  it('lists distinct unmatched sources once, in their first spelling', () => {
    const csv = [
      'https://x.example/?utm_source=Zulu',
      'https://x.example/?utm_source=zulu',
      'https://x.example/?utm_source=yankee',
    ].join('\n');
    const result = extractVendorLinks(csv, vendors);
    expect(result.unmatchedSources).toEqual(['Zulu', 'yankee']);
    expect(result.unmatchedSourceCount).toBe(2);
  });

  it('never matches a vendor without a UTM source, nor an empty utm_source value', () => {
    expect(extractVendorLinks('https://x.example/?utm_source=&a=1', vendors).links).toEqual({});
  });

  it('reports cells that mention utm_source= but are not http(s) links', () => {
    const csv = [
      'www.x.example/?utm_source=acme',
      'javascript:alert(1)//?utm_source=acme',
      'https://x.example/#utm_source=acme',
    ].join('\n');
    const result = extractVendorLinks(csv, vendors);
    expect(result.links).toEqual({});
    expect(result.malformedUrls).toEqual([
      'www.x.example/?utm_source=acme',
      'javascript:alert(1)//?utm_source=acme',
      'https://x.example/#utm_source=acme',
    ]);
    expect(result.malformedUrlCount).toBe(3);
  });

  it('reads a repeated cell the same way every time: malformed repeats are counted, repeats of settled links change nothing', () => {
    const acme1 = 'https://x.example/1?utm_source=acme';
    const conflicting = Array.from({ length: 7 }, (_, i) => `https://x.example/${i + 2}?utm_source=acme`);
    const rows = [
      acme1,
      'ftp://x.example/?utm_source=acme',
      acme1,
      'https://x.example/?utm_source=',
      'ftp://x.example/?utm_source=acme',
      'https://x.example/?utm_source=zulu',
    ];
    for (const link of conflicting) rows.push(link, acme1, link, 'https://x.example/?utm_source=');
    rows.push('https://x.example/?utm_source=zulu', 'ftp://x.example/?utm_source=acme');
    const result = extractVendorLinks(rows.join('\n'), vendors);
    expect(result.links).toEqual({ acme1234: acme1 });
    expect(result.malformedUrlCount).toBe(3);
    expect(result.malformedUrls).toEqual([
      'ftp://x.example/?utm_source=acme',
      'ftp://x.example/?utm_source=acme',
      'ftp://x.example/?utm_source=acme',
    ]);
    expect(result.conflicts).toEqual([{ vendorId: 'acme1234', kept: acme1, ignored: conflicting.slice(0, 5) }]);
    expect(result.unmatchedSources).toEqual(['zulu']);
    expect(result.rowCount).toBe(rows.length);
  });

  it('caps the lists but keeps counting', () => {
    const lines = Array.from({ length: 50 }, (_, i) => `https://x.example/?utm_source=other${i},bad${i}?utm_source=x`);
    const result = extractVendorLinks(lines.join('\n'), vendors);
    expect(result.unmatchedSources).toHaveLength(20);
    expect(result.unmatchedSourceCount).toBe(50);
    expect(result.malformedUrls).toHaveLength(20);
    expect(result.malformedUrlCount).toBe(50);
  });

  it('reads semicolon and tab separated files and quoted cells with commas', () => {
    expect(extractVendorLinks('a;b\nx;https://x.example/?utm_source=acme', vendors).links).toEqual({
      acme1234: 'https://x.example/?utm_source=acme',
    });
    expect(extractVendorLinks('a\tb\nx\thttps://x.example/?utm_source=acme', vendors).links).toEqual({
      acme1234: 'https://x.example/?utm_source=acme',
    });
    expect(extractVendorLinks('"Acme, Inc.","https://x.example/?a=1,2&utm_source=acme"', vendors).links).toEqual({
      acme1234: 'https://x.example/?a=1,2&utm_source=acme',
    });
  });

  it('returns no links for CSV without any', () => {
    const result = extractVendorLinks('name,email\nJo,jo@example.org\n', vendors);
    expect(result).toMatchObject({ links: {}, rowCount: 2, unmatchedSourceCount: 0, malformedUrlCount: 0 });
  });

  it('throws CsvParseError with the exact message for text that is not CSV', () => {
    const png = '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR';
    expect(() => extractVendorLinks(png, vendors)).toThrow(CsvParseError);
    expect(() => extractVendorLinks(png, vendors)).toThrow(CSV_PARSE_ERROR_MESSAGE);
    expect(CSV_PARSE_ERROR_MESSAGE).toBe('Error parsing CSV: Could not parse the CSV file content.');
    expect(() => extractVendorLinks('', vendors)).toThrow(CSV_PARSE_ERROR_MESSAGE);
    expect(() => extractVendorLinks(' \n \n', vendors)).toThrow(CSV_PARSE_ERROR_MESSAGE);
  });

  it('finds links across chunk boundaries in a large file', () => {
    const filler = 'row,https://x.example/?utm_source=filler,some text here\n'.repeat(40_000);
    const csv = `${filler}"quoted,\nacross lines",https://x.example/?utm_source=acme\n${filler}https://x.example/?utm_source=bravo\n`;
    const result = extractVendorLinks(csv, vendors);
    expect(result.links).toEqual({
      acme1234: 'https://x.example/?utm_source=acme',
      bravo5678: 'https://x.example/?utm_source=bravo',
    });
    expect(result.rowCount).toBe(80_002);
    expect(result.unmatchedSources).toEqual(['filler']);
  });
});

describe('createLinkCollector', () => {
  it('collects row by row, as a worker feeding parsed chunks does', () => {
    const collector = createLinkCollector([
      { vendorId: 'acme1234', utmSource: 'ACME' },
      { vendorId: 'twin0001', utmSource: 'acme' },
    ]);
    collector.addRow(['x', 'https://x.example/?utm_source=acme']);
    collector.addRow([]);
    expect(collector.result()).toMatchObject({
      links: { acme1234: 'https://x.example/?utm_source=acme', twin0001: 'https://x.example/?utm_source=acme' },
      rowCount: 2,
    });
  });
});

describe('effectiveUtmSources', () => {
  it('lets a non-empty override replace the vendor default', () => {
    const list = [
      { vendorId: 'a', defaultUtmSource: 'alpha' },
      { vendorId: 'b', defaultUtmSource: 'bravo' },
      { vendorId: 'c', defaultUtmSource: 'charlie' },
    ];
    expect(
      effectiveUtmSources(list, [
        { vendorId: 'a', utmSource: ' alpha2 ' },
        { vendorId: 'b', utmSource: '' },
      ]),
    ).toEqual([
      { vendorId: 'a', utmSource: 'alpha2' },
      { vendorId: 'b', utmSource: 'bravo' },
      { vendorId: 'c', utmSource: 'charlie' },
    ]);
  });
});

describe('looksBinary', () => {
  it('tells binary from text', () => {
    expect(looksBinary('PK\u0003\u0004\u0014\u0000\u0006\u0000')).toBe(true);
    expect(looksBinary('a,b\r\nc,d\te\f')).toBe(false);
    expect(looksBinary('\ufffd\ufffd\ufffd\ufffd abc')).toBe(true);
  });
});
