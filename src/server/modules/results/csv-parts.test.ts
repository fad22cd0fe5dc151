import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors';
import { csvParts, type CsvPart } from './csv-parts';
import { csvPartRows } from './csv-records';

async function* chunked(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function partsOf(bytes: Buffer, size: number, maxBytes = 1 << 30): Promise<CsvPart[]> {
  const parts: CsvPart[] = [];
  for await (const part of csvParts(chunked(bytes, size), { maxBytes, tooLarge: 'too large' })) parts.push(part);
  return parts;
}

/** Every row of the parts, read apart, with its line number; and the header. */
function rowsOf(parts: CsvPart[]) {
  const [header, ...rest] = parts;
  const rows = rest.flatMap((part) =>
    part.kind === 'part' ? csvPartRows(part.bytes.toString('utf8'), part.firstLine).rows : [],
  );
  return { header: header?.kind === 'header' ? header.fields : null, rows };
}

/** What reading the whole text at once gives (the header is line 1; empty lines are counted, not kept). */
function wholeRows(text: string) {
  const data = Papa.parse<string[]>(text.replace(/^\uFEFF/, '').replace(/\r?\n$/, ''), { delimiter: ',' }).data;
  return {
    header: data[0] ?? null,
    rows: data
      .map((fields, index) => ({ line: index + 1, fields }))
      .slice(1)
      .filter((row) => !(row.fields.length === 1 && row.fields[0] === '')),
  };
}

describe('csvParts', () => {
  const text =
    '\uFEFFLineitem ID,Date,Note\r\n' +
    'L1,2026-03-11,"a ""quoted"" note"\r\n' +
    'L2,2026-03-11,"two\r\nlines, and a comma"\r\n' +
    '\r\n' +
    'L3,2026-03-12,café ☕\r\n' +
    'L4,2026-03-12,"a,b"\r\n';

  it('cuts an upload into its header and parts of whole records, wherever its chunks end', async () => {
    const bytes = Buffer.from(text);
    const expected = wholeRows(text);
    // Records, as every message numbers them: a line break inside quotes does not start one; an empty one counts.
    expect(expected.rows.map((row) => row.line)).toEqual([2, 3, 5, 6]);
    for (let size = 1; size <= bytes.length; size++) {
      expect(rowsOf(await partsOf(bytes, size)), `chunks of ${size} bytes`).toEqual(expected);
    }
  });

  it('numbers the lines of later parts from the records before them', async () => {
    const lines = Array.from({ length: 30_000 }, (_, i) =>
      i % 1000 === 7 ? `L${i},"a note on\ntwo lines",${i}` : `L${i},plain note,${i}`,
    );
    const big = `Lineitem ID,Note,Amount\n${lines.join('\n')}\n`;
    const parts = await partsOf(Buffer.from(big), 65_536);
    expect(parts.filter((part) => part.kind === 'part').length).toBeGreaterThan(2);
    expect(rowsOf(parts)).toEqual(wholeRows(big));
  });

  it('gives a header alone, with or without its line break, and nothing for an empty upload', async () => {
    expect(await partsOf(Buffer.from('Lineitem ID,Date\n'), 4)).toEqual([
      { kind: 'header', fields: ['Lineitem ID', 'Date'] },
    ]);
    expect(await partsOf(Buffer.from('Lineitem ID,Date'), 4)).toEqual([
      { kind: 'header', fields: ['Lineitem ID', 'Date'] },
    ]);
    expect(await partsOf(Buffer.alloc(0), 4)).toEqual([]);
  });

  it('refuses an upload past the limit (413), a NUL byte (not CSV) and a row with no end in sight', async () => {
    await expect(partsOf(Buffer.from(text), 8, 20)).rejects.toMatchObject({ statusCode: 413, message: 'too large' });
    await expect(partsOf(Buffer.from('a,b\n1,\u0000\n'), 4)).rejects.toThrow(/not a CSV file/);
    const open = Buffer.concat([Buffer.from('a,b\n1,2\n3,"never closed'), Buffer.alloc(9 << 20, 0x61)]);
    const refused = partsOf(open, 1 << 16).catch((error: unknown) => error);
    expect(await refused).toBeInstanceOf(AppError);
    expect(((await refused) as AppError).message).toBe(
      'Line 3: the row does not end within 8 MB: a quoted field may not be closed, or the file is not CSV.',
    );
  });

  it('reads LF, CRLF and CR-only line ends alike, wherever the chunks end (a CRLF inside quotes stays)', async () => {
    const lines = ['id,Note,Amount', 'L1,"two\r\nlines",5', 'L2,plain,6', '', 'L3,"a, b",7'];
    const expected = wholeRows(`${lines.join('\n')}\n`);
    expected.rows[0]!.fields[1] = 'two\r\nlines';
    for (const end of ['\n', '\r\n', '\r']) {
      const bytes = Buffer.from(`${lines.join(end)}${end}`);
      for (let size = 1; size <= bytes.length; size++) {
        const read = rowsOf(await partsOf(bytes, size));
        // A CR-only file's CRLF inside quotes reads as two line ends there too: every CR is one.
        if (end === '\r') read.rows[0]!.fields[1] = 'two\r\nlines';
        expect(read, `${JSON.stringify(end)}, chunks of ${size}`).toEqual(expected);
      }
    }
  });

  it('refuses a lone CR outside quotes in a file of LF or CRLF line ends, naming its line, wherever the chunks end', async () => {
    for (const end of ['\n', '\r\n']) {
      const bytes = Buffer.from(
        ['id,Note', 'L1,fine', 'L2,"quoted\ris fine"', 'L3,not\rquoted', 'L4,x'].join(end) + end,
      );
      for (let size = 1; size <= bytes.length; size++) {
        const refused = await partsOf(bytes, size).catch((error: unknown) => error);
        expect(refused, `${JSON.stringify(end)}, chunks of ${size}`).toMatchObject({
          statusCode: 400,
          message: expect.stringMatching(/^Line 4: a carriage return \(CR\) inside a field that is not quoted/),
          extra: { line: 4 },
        });
      }
    }
  });
});
