import Papa from 'papaparse';
import { AppError, badRequest } from '#server/errors';

export const NOT_CSV = 'The file is not a CSV file: export the contributions as CSV and import that file.';

/** Bytes of records handed on at once, at least: a part for a reading thread. */
const PART_BYTES = 1 << 16;
/** A record this long has no end in sight: a quote left open, or not a CSV file (and a thread's heap is bounded). */
const MAX_RECORD_BYTES = 8 << 20;

export type CsvPart = { kind: 'header'; fields: string[] } | { kind: 'part'; bytes: Buffer; firstLine: number };

const QUOTE = 34;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;

/**
 * How a file ends its lines, told by its first line end (outside quotes): a CR alone (old Mac exports) makes every CR a
 * line end; otherwise LF or CRLF, and a CR alone outside quotes is refused with its line (it would join two rows).
 */
type LineEnds = 'unknown' | 'cr' | 'lf';

/** Where the search for a file's first line end is: inside quotes, and whether the bytes so far end in a CR. */
interface LineEndSearch {
  isQuoted: boolean;
  crLast: boolean;
}

function lineEndsOf(chunk: Buffer, search: LineEndSearch): LineEnds {
  if (search.crLast && chunk.length > 0) return chunk[0] === LINE_FEED ? 'lf' : 'cr';
  for (let i = 0; i < chunk.length; i++) {
    const byte = chunk[i];
    if (byte === QUOTE) search.isQuoted = !search.isQuoted;
    else if (!search.isQuoted && byte === LINE_FEED) return 'lf';
    else if (!search.isQuoted && byte === CARRIAGE_RETURN) {
      if (i + 1 === chunk.length) {
        search.crLast = true;
        return 'unknown';
      }
      return chunk[i + 1] === LINE_FEED ? 'lf' : 'cr';
    }
  }
  return 'unknown';
}

/** A lone CR outside quotes in a file whose lines end in LF or CRLF. */
function loneCarriageReturn(line: number): AppError {
  return badRequest(
    `Line ${line}: a carriage return (CR) inside a field that is not quoted: the row would be cut in two. Quote the field, or export the file again.`,
    { line },
  );
}

/**
 * An upload cut into its header and then parts of whole records, as the bytes arrive and without decoding them: a
 * record ends at a line feed outside quotes (UTF-8 never puts a quote or a line feed byte inside a longer character),
 * so each part can be read apart (csvPartRows), by any thread. Each part comes with the record number of its first
 * line (the header is 1). An upload past `maxBytes` throws 413; bytes 0 are not CSV (400).
 */
export async function* csvParts(
  body: AsyncIterable<Buffer | string>,
  options: { maxBytes: number; tooLarge: string },
): AsyncGenerator<CsvPart> {
  let held: Buffer[] = [];
  let size = 0;
  let bytes = 0;
  let isQuoted = false;
  // Unquoted line feeds in what is held, and where the last one is (-1: none).
  let breaks = 0;
  let boundary = -1;
  let firstLine = 1;
  let lineEnds: LineEnds = 'unknown';
  const search: LineEndSearch = { isQuoted: false, crLast: false };
  // The chunks read before the line ends are known (a first line longer than a chunk), and their bytes.
  let undecided: Buffer[] = [];
  let undecidedBytes = 0;
  // A CR last in the previous chunk (a CRLF cut between two chunks, or a lone CR).
  let crBefore = false;

  /** The held bytes before `end` (a line feed, dropped); the rest stays held. */
  const cut = (end: number): Buffer => {
    const all = held.length === 1 ? held[0]! : Buffer.concat(held, size);
    held = [all.subarray(end + 1)];
    size = all.length - end - 1;
    breaks = 0;
    boundary = -1;
    return all.subarray(0, end);
  };

  for await (const received of body) {
    let chunk = typeof received === 'string' ? Buffer.from(received) : received;
    bytes += chunk.length;
    if (bytes > options.maxBytes) throw new AppError(413, options.tooLarge);
    if (chunk.includes(0)) throw badRequest(NOT_CSV);
    if (lineEnds === 'unknown') {
      lineEnds = lineEndsOf(chunk, search);
      undecided.push(chunk);
      undecidedBytes += chunk.length;
      if (lineEnds === 'unknown' && undecidedBytes <= MAX_RECORD_BYTES) continue;
      chunk = undecided.length === 1 ? chunk : Buffer.concat(undecided, undecidedBytes);
      undecided = [];
      undecidedBytes = 0;
    }
    if (lineEnds === 'cr') {
      // Every CR is a line end: read as LF (a copy: the upload's buffers are not ours to change).
      chunk = Buffer.from(chunk);
      for (let at = chunk.indexOf(CARRIAGE_RETURN); at >= 0; at = chunk.indexOf(CARRIAGE_RETURN, at + 1)) {
        chunk[at] = LINE_FEED;
      }
    } else if (crBefore && chunk[0] !== LINE_FEED) throw loneCarriageReturn(firstLine + breaks);
    crBefore = false;
    let scanned = 0;
    while (scanned < chunk.length) {
      let i = scanned;
      for (; i < chunk.length; i++) {
        const byte = chunk[i];
        if (byte === QUOTE) isQuoted = !isQuoted;
        else if (byte === CARRIAGE_RETURN && !isQuoted) {
          if (i + 1 === chunk.length) crBefore = true;
          else if (chunk[i + 1] !== LINE_FEED) throw loneCarriageReturn(firstLine + breaks);
        } else if (byte === LINE_FEED && !isQuoted) {
          boundary = size + (i - scanned);
          breaks += 1;
          // The header is handed on alone, as soon as it ends: the mapping is read from it.
          if (firstLine === 1) break;
        }
      }
      const end = Math.min(i + 1, chunk.length);
      held.push(chunk.subarray(scanned, end));
      size += end - scanned;
      scanned = end;
      if (firstLine === 1 && boundary >= 0) {
        yield headerOf(cut(boundary));
        firstLine = 2;
      }
    }
    if (firstLine > 1 && boundary >= 0 && size >= PART_BYTES) {
      const records = breaks;
      yield { kind: 'part', bytes: cut(boundary), firstLine };
      firstLine += records;
    }
    if (size > MAX_RECORD_BYTES && boundary < 0) throw tooLong(firstLine);
  }
  if (undecided.length > 0) {
    // The whole upload was one line, or its only line end a CR last: read as it is (a header alone).
    held.push(...undecided);
    size += undecidedBytes;
  }
  if (size === 0) return;
  let last = held.length === 1 ? held[0]! : Buffer.concat(held, size);
  if (last[last.length - 1] === LINE_FEED) last = last.subarray(0, -1);
  if (last.length === 0) return;
  // The whole upload was one line: a header alone.
  if (firstLine === 1) yield headerOf(last);
  else yield { kind: 'part', bytes: last, firstLine };
}

function headerOf(line: Buffer): CsvPart {
  let text = line.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.endsWith('\r')) text = text.slice(0, -1);
  const fields = Papa.parse<string[]>(text, { delimiter: ',' }).data[0] ?? [];
  return { kind: 'header', fields };
}

function tooLong(line: number): AppError {
  return badRequest(
    `Line ${line}: the row does not end within ${MAX_RECORD_BYTES >> 20} MB: a quoted field may not be closed, or the file is not CSV.`,
    { line },
  );
}
