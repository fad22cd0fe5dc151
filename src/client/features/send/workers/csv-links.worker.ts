/// <reference lib="webworker" />
// Parses a vendor-link CSV off the main thread, reporting progress, so a 50 MB file never freezes the page.
import Papa from 'papaparse';
import { createLinkCollector, CSV_PARSE_ERROR_MESSAGE, looksBinary, type LinkVendor } from '#shared/rules/links';
import type { CsvWorkerRequest, CsvWorkerResponse } from './csv-links-protocol';

// Progress redraws the whole send page: a few times a second shows it moving without taking the page's time.
const PROGRESS_EVERY_MS = 100;

const post = (message: CsvWorkerResponse) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);

self.onmessage = async (event: MessageEvent<CsvWorkerRequest>) => {
  const { jobId, source, vendors } = event.data;
  try {
    const text = typeof source === 'string' ? source : await source.text();
    const byteSize = typeof source === 'string' ? new Blob([source]).size : source.size;
    post({ jobId, kind: 'result', result: { extraction: extract(jobId, text, vendors), byteSize } });
  } catch {
    post({ jobId, kind: 'error', message: CSV_PARSE_ERROR_MESSAGE });
  }
};

function extract(jobId: number, text: string, vendors: LinkVendor[]) {
  if (looksBinary(text)) throw new Error(CSV_PARSE_ERROR_MESSAGE);
  const collector = createLinkCollector(vendors);
  let errors = 0;
  let lastReportAt = performance.now();
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    chunkSize: 1024 * 1024,
    chunk(results: Papa.ParseResult<string[]>) {
      errors += results.errors.length;
      for (const row of results.data) collector.addRow(row);
      const now = performance.now();
      if (now - lastReportAt >= PROGRESS_EVERY_MS) {
        lastReportAt = now;
        post({ jobId, kind: 'progress', progress: results.meta.cursor / text.length });
      }
    },
  } as Papa.ParseConfig<string[]>);
  const result = collector.result();
  if (result.rowCount === 0 && errors > 0) throw new Error(CSV_PARSE_ERROR_MESSAGE);
  return result;
}
