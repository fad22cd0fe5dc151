import type { LinkVendor } from '#shared/rules/links';
import type { CsvWorkerRequest, CsvWorkerResponse, CsvWorkerResult } from './csv-links-protocol';

let worker: Worker | null = null;
let nextJobId = 1;
const jobs = new Map<
  number,
  { resolve(result: CsvWorkerResult): void; reject(error: Error): void; onProgress?(progress: number): void }
>();

function getWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./csv-links.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<CsvWorkerResponse>) => {
    const message = event.data;
    const job = jobs.get(message.jobId);
    if (!job) return;
    if (message.kind === 'progress') return job.onProgress?.(message.progress);
    jobs.delete(message.jobId);
    if (message.kind === 'result') job.resolve(message.result);
    else job.reject(new Error(message.message));
  };
  return worker;
}

/** Extracts vendor links from a CSV file or text in a Web Worker, which also measures its size in bytes. */
export function extractLinksInWorker(
  source: Blob | string,
  vendors: LinkVendor[],
  onProgress?: (progress: number) => void,
): Promise<CsvWorkerResult> {
  const jobId = nextJobId++;
  return new Promise((resolve, reject) => {
    jobs.set(jobId, { resolve, reject, onProgress });
    const request: CsvWorkerRequest = { jobId, source, vendors };
    getWorker().postMessage(request);
  });
}
