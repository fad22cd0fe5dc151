import Papa from 'papaparse';
import { createLinkCollector, type LinkExtraction, type LinkVendor } from './link-collector';

export {
  createLinkCollector,
  effectiveUtmSources,
  MAX_LISTED,
  type LinkCollector,
  type LinkConflict,
  type LinkExtraction,
  type LinkVendor,
} from './link-collector';

export const CSV_PARSE_ERROR_MESSAGE = 'Error parsing CSV: Could not parse the CSV file content.';

export class CsvParseError extends Error {
  constructor() {
    super(CSV_PARSE_ERROR_MESSAGE);
    this.name = 'CsvParseError';
  }
}

// Papa parses a string this many characters at a time, so only one chunk's rows exist at once.
const CHUNK_SIZE = 1024 * 1024;
const SNIFF_LENGTH = 8192;

/**
 * True when the start of the text looks like a binary file read as text (an image, a spreadsheet,
 * a zip): a NUL, or many control or replacement characters. CSV text has neither.
 */
export function looksBinary(text: string): boolean {
  const sample = text.slice(0, SNIFF_LENGTH);
  let odd = 0;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    if (code === 0) return true;
    if ((code < 32 && code !== 9 && code !== 10 && code !== 12 && code !== 13) || code === 0xfffd) odd++;
  }
  return odd > sample.length / 20;
}

/**
 * Reads the first link per vendor out of CSV text (SPEC 5 'Link extraction from CSV').
 * Throws CsvParseError when the text is not CSV at all.
 */
export function extractVendorLinks(csvText: string, vendors: readonly LinkVendor[]): LinkExtraction {
  if (looksBinary(csvText)) throw new CsvParseError();
  const collector = createLinkCollector(vendors);
  let errorCount = 0;
  // Papa streams a string chunk by chunk, synchronously; its typings only describe chunking for files.
  Papa.parse<string[]>(csvText, {
    skipEmptyLines: 'greedy',
    chunkSize: CHUNK_SIZE,
    chunk(results: Papa.ParseResult<string[]>) {
      errorCount += results.errors.length;
      for (const row of results.data) collector.addRow(row);
    },
  } as Papa.ParseConfig<string[]>);
  const result = collector.result();
  if (result.rowCount === 0 && errorCount > 0) throw new CsvParseError();
  return result;
}
