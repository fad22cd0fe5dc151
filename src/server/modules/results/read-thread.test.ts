import { describe, expect, it } from 'vitest';
import type { AttributionContext } from '#shared/results/attribution';
import { actBlueCsv, type ActBlueRow } from '#server/testing/results-fixtures';
import { csvParts } from './csv-parts';
import { csvPartRows } from './csv-records';
import { rowsReader, type ReadingSetup } from './read-rows';
import { readInThread } from './read-thread';

const context: AttributionContext = {
  vendorsByCode: new Map([['acme', ['acme1234']]]),
  sends: [{ sendId: 1, vendorId: 'acme1234', mailedAt: new Date('2026-03-01T12:00:00Z'), campaigns: [] }],
  windowDays: 30,
};
const setup: ReadingSetup = { given: null, context, donorKey: new Uint8Array(32).fill(7), maxBytes: 1 << 30 };

const row = (i: number): ActBlueRow => ({
  'Lineitem ID': `L${i}`,
  Date: `2026-03-${String(2 + (i % 20)).padStart(2, '0')} 10:00:00`,
  Amount: `${5 + (i % 50)}.25`,
  'Reference Code': i % 3 === 0 ? 'ACME' : `other${i % 7}`,
  'Fundraising Page': i % 11 === 0 ? 'https://secure.actblue.com/donate/p?refcode=acme&note=a\tb' : '',
  'Donor Email': `donor${i % 900}@example.org`,
});

async function* chunksOf(text: string, size = 65_536): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function readAll(text: string) {
  const texts: string[] = [];
  const format = await readInThread(chunksOf(text), setup, (part) => {
    texts.push(part);
    return undefined;
  });
  return { format, lines: texts.join('').split('\n').filter(Boolean) };
}

describe('readInThread', () => {
  it('reads a file of many parts in threads into the lines reading it whole gives, each once', async () => {
    const csv = actBlueCsv(Array.from({ length: 6_000 }, (_, i) => row(i)));
    expect(Buffer.byteLength(csv)).toBeGreaterThan(8 * 64 * 1024);
    const [header, ...rest] = csv.split('\r\n');
    const whole = rowsReader(header!.split(','), setup)(csvPartRows(rest.join('\r\n'), 2).rows);
    const { format, lines } = await readAll(csv);
    expect(format.format).toBe('actblue');
    expect(lines).toHaveLength(6_000);
    expect([...lines].sort()).toEqual(whole.split('\n').filter(Boolean).sort());
  }, 60_000);

  it('reports the first bad row of the file, whichever thread meets its part first', async () => {
    const rows = Array.from({ length: 6_000 }, (_, i) => row(i));
    // The last row of the first part and the first of the second: the second part's thread meets its bad row at once,
    // the first's only at the end of its part. Values of the same length keep the parts as they are.
    const firstLines: number[] = [];
    for await (const part of csvParts(chunksOf(actBlueCsv(rows)), { maxBytes: 1 << 30, tooLarge: '' })) {
      if (part.kind === 'part') firstLines.push(part.firstLine);
    }
    const [, second] = firstLines;
    const early = second! - 1;
    const late = second!;
    rows[early - 2] = { ...rows[early - 2], Amount: rows[early - 2]!.Amount!.replace(/^\d/, 'x') };
    rows[late - 2] = { ...rows[late - 2], Date: rows[late - 2]!.Date!.replace(/^\d/, 'x') };
    const bad = actBlueCsv(rows);
    for (let run = 0; run < 3; run++) {
      await expect(readAll(bad)).rejects.toMatchObject({
        statusCode: 400,
        message: expect.stringMatching(new RegExp(`^Line ${early}, column 'Amount': this is not an amount`)),
      });
    }
    rows[early - 2] = row(early - 2);
    await expect(readAll(actBlueCsv(rows))).rejects.toMatchObject({
      message: expect.stringMatching(new RegExp(`^Line ${late}, column 'Date': this is not a date`)),
    });
  }, 60_000);

  it('refuses a header that is not ActBlue without a mapping, before any thread starts', async () => {
    await expect(readAll('Id,When,How much\n1,2026-03-02,5\n')).rejects.toMatchObject({ statusCode: 400 });
    await expect(readAll('')).rejects.toThrow('The file is empty: it has no header row and no contributions.');
  });
});
