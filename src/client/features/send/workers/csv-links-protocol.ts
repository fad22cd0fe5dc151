import type { LinkExtraction, LinkVendor } from '#shared/rules/links';

export interface CsvWorkerRequest {
  jobId: number;
  /** A dropped file is posted as it is and read in the worker: copying its text here would block the page. */
  source: Blob | string;
  vendors: LinkVendor[];
}

/** The links read, and the CSV's size in UTF-8 bytes (measured in the worker for the same reason). */
export interface CsvWorkerResult {
  extraction: LinkExtraction;
  byteSize: number;
}

export type CsvWorkerResponse =
  | { jobId: number; kind: 'progress'; progress: number }
  | { jobId: number; kind: 'result'; result: CsvWorkerResult }
  | { jobId: number; kind: 'error'; message: string };
