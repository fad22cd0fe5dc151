import Papa from 'papaparse';
import { badRequest } from '#server/errors';
import { csvParts } from './csv-parts';

export interface CsvRow {
  line: number;
  fields: string[];
}

/**
 * The rows of one part of a CSV file that ends at a record boundary, with their record numbers from `firstLine` (the
 * header is 1); empty rows are skipped but counted. A quoted field left open is an error naming its line.
 */
export function csvPartRows(part: string, firstLine: number): { rows: CsvRow[]; records: number } {
  let text = part.endsWith('\r') ? part.slice(0, -1) : part;
  // Lines end in LF or CRLF here (csvParts has read a CR-only file's as LF, and refused a lone CR outside quotes): the
  // line end is said, never guessed per part (a guess of CR would join every row of a part into one).
  if (text.includes('\r')) text = withoutLineEndCarriageReturns(text);
  const parsed = Papa.parse<string[]>(text, { delimiter: ',', newline: '\n', skipEmptyLines: false });
  const quoteError = parsed.errors.find((error) => error.type === 'Quotes');
  if (quoteError) {
    throw badRequest(
      `Line ${firstLine + (quoteError.row ?? 0)}: a quoted field is not closed: the file is not well-formed CSV.`,
    );
  }
  const rows: CsvRow[] = [];
  let line = firstLine;
  for (const fields of parsed.data) {
    if (!(fields.length === 1 && fields[0] === '')) rows.push({ line, fields });
    line += 1;
  }
  return { rows, records: parsed.data.length };
}

/** The text with each CR of a CRLF line end outside quotes dropped (a CRLF inside a quoted field stays as written). */
export function withoutLineEndCarriageReturns(text: string): string {
  let kept = '';
  let from = 0;
  let isQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 34) isQuoted = !isQuoted;
    else if (code === 13 && !isQuoted && text.charCodeAt(i + 1) === 10) {
      kept += text.slice(from, i);
      from = i + 1;
    }
  }
  return from === 0 ? text : kept + text.slice(from);
}

export interface CsvReadOptions {
  /** Bytes past which the upload is refused with 413. */
  maxBytes: number;
  /** The 413 message. */
  tooLarge: string;
  /** Stop after this many characters (a preview); the cut last line is dropped. */
  maxChars?: number;
}

/**
 * The records of a CSV upload, in parts, as the bytes arrive (csvParts cuts them at record boundaries, so a quoted
 * field with a line break in it stays whole): never the whole file in memory. Rows come with their record number (the
 * header is 1). An upload past `maxBytes` throws 413; text with NUL bytes is not CSV (400).
 */
export async function* csvRecords(body: AsyncIterable<Buffer | string>, options: CsvReadOptions) {
  let chars = 0;
  for await (const part of csvParts(body, options)) {
    if (part.kind === 'header') {
      if (!(part.fields.length === 1 && part.fields[0] === '')) yield [{ line: 1, fields: part.fields }];
      chars += part.fields.join(',').length + 1;
      continue;
    }
    let text = part.bytes.toString('utf8');
    if (options.maxChars !== undefined && chars + text.length > options.maxChars) {
      // A preview reads only the start: the cut last line is dropped.
      text = text.slice(0, Math.max(0, options.maxChars - chars));
      const lastBreak = text.lastIndexOf('\n');
      if (lastBreak >= 0) yield csvPartRows(text.slice(0, lastBreak), part.firstLine).rows;
      return;
    }
    chars += text.length + 1;
    yield csvPartRows(text, part.firstLine).rows;
  }
}
