import type { LinkExtraction, LinkVendor } from '#shared/rules/links';

export interface CsvWorkerRequest {
  jobId: number;
  text: string;
  vendors: LinkVendor[];
}

export type CsvWorkerResponse =
  | { jobId: number; kind: 'progress'; progress: number }
  | { jobId: number; kind: 'result'; result: LinkExtraction }
  | { jobId: number; kind: 'error'; message: string };
