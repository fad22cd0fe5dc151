import { StringDecoder } from 'node:string_decoder';
import Papa from 'papaparse';
import { AppError, badRequest } from '#server/errors';

export const NOT_CSV = 'The file is not a CSV file: export the contributions as CSV and import that file.';

/** How much text is parsed at once at least: fewer, larger parses are faster than one per network chunk. */
const PART_CHARS = 1 << 20;

export interface CsvRow {
  line: number;
  fields: string[];
}

/**
 * The rows of one part of a CSV file that ends at a record boundary, with their record numbers from `firstLine` (the
 * header is 1); empty rows are skipped but counted. A quoted field left open is an error naming its line.
 */
export function csvPartRows(part: string, firstLine: number): { rows: CsvRow[]; records: number } {
  const text = part.endsWith('\r') ? part.slice(0, -1) : part;
  const parsed = Papa.parse<string[]>(text, { delimiter: ',', newline: undefined, skipEmptyLines: false });
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

export interface CsvReadOptions {
  /** Bytes past which the upload is refused with 413. */
  maxBytes: number;
  /** The 413 message. */
  tooLarge: string;
  /** Stop after this many characters (a preview); the cut last line is dropped. */
  maxChars?: number;
}

/**
 * The records of a CSV upload, in parts, as the bytes arrive: never the whole file in memory. Each part ends at a record
 * boundary (a line break outside quotes), so a quoted field with a line break in it stays whole. Rows come with their
 * record number (the header is 1). An upload past `maxBytes` throws 413; text with NUL bytes is not CSV (400).
 */
export async function* csvRecords(body: AsyncIterable<Buffer | string>, options: CsvReadOptions) {
  const decoder = new StringDecoder('utf8');
  let bytes = 0;
  let chars = 0;
  let pending = '';
  // Quote parity of `pending` up to `scanned`, and the last record boundary found.
  let scanned = 0;
  let isQuoted = false;
  let boundary = -1;
  let record = 0;
  let isFirst = true;

  const parse = (part: string) => {
    const { rows, records } = csvPartRows(part, record + 1);
    record += records;
    return rows;
  };

  for await (const chunk of body) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    bytes += buffer.length;
    if (bytes > options.maxBytes) throw new AppError(413, options.tooLarge);
    if (buffer.includes(0)) throw badRequest(NOT_CSV);
    let text = decoder.write(buffer);
    if (isFirst && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      isFirst = false;
    }
    if (options.maxChars !== undefined && chars + text.length > options.maxChars) {
      text = text.slice(0, Math.max(0, options.maxChars - chars));
      pending += text;
      const lastBreak = pending.lastIndexOf('\n');
      // A preview reads only the start: the cut last line is dropped.
      if (lastBreak >= 0) yield parse(pending.slice(0, lastBreak));
      return;
    }
    chars += text.length;
    pending += text;
    for (let i = scanned; i < pending.length; i++) {
      const code = pending.charCodeAt(i);
      if (code === 34) isQuoted = !isQuoted;
      else if (code === 10 && !isQuoted) boundary = i;
    }
    scanned = pending.length;
    if (boundary >= PART_CHARS - 1) {
      const part = pending.slice(0, boundary);
      pending = pending.slice(boundary + 1);
      scanned = pending.length;
      boundary = -1;
      yield parse(part);
    }
  }
  pending += decoder.end();
  if (pending.endsWith('\n')) pending = pending.slice(0, -1);
  if (pending.endsWith('\r')) pending = pending.slice(0, -1);
  if (pending.length > 0) yield parse(pending);
}
