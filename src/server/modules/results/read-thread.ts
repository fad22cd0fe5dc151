import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { ErrorCode } from '#shared/api/error-codes';
import { AppError, badRequest } from '#server/errors';
import { isLoadedMessage, startOwnThread } from '#server/own-threads';
import { csvParts } from './csv-parts';
import { mappingForHeader, tooLargeMessage, type ReadFormat, type ReadingSetup } from './read-rows';

export interface ReaderRequest {
  index: number;
  bytes: Uint8Array;
  firstLine: number;
}
export type ReaderReply =
  | { kind: 'text'; index: number; text: string }
  | {
      kind: 'failed';
      index: number;
      status: number | null;
      message: string;
      code?: ErrorCode;
      extra?: Record<string, unknown>;
    };

/** Parts in a thread's hands at once, and parts read but not yet in the database, at most. */
const PER_THREAD = 2;
const UNWRITTEN = 4;

/** Threads reading one file: as many as the cores, at most two (the database works on a core too). */
const THREADS = Math.max(1, Math.min(2, availableParallelism()));

interface Thread {
  worker: Worker;
  parts: number;
}

/**
 * Reads a results file in threads of its own (read-thread-main.ts), however small: the main thread only cuts the
 * upload into parts of whole records (csv-parts.ts) and hands each to the least busy thread, and each part's
 * staging lines to `write` as they come (their order does not matter: every line carries its line number). The
 * reading is most of an import's work: in threads it leaves the main thread free to answer other requests, runs on
 * two cores, and keeps the server's memory bounded (each thread's heap is capped; a file is read a part at a time, so
 * little of it is alive at once).
 * Resolves with the file's format once every line is written. A bad file rejects with the error of its first bad
 * part, as reading it in order would have met it. A thread that cannot start (own-threads.ts logs why to `log`) fails
 * the import with 503: nothing of the file is kept.
 */
export async function readInThread(
  body: AsyncIterable<Buffer>,
  setup: ReadingSetup,
  write: (text: string) => Promise<void> | undefined,
  log?: FastifyBaseLogger,
): Promise<ReadFormat> {
  const parts = csvParts(body, { maxBytes: setup.maxBytes, tooLarge: tooLargeMessage(setup.maxBytes) });
  const first = await parts.next();
  if (first.done || first.value.kind !== 'header') {
    throw badRequest('The file is empty: it has no header row and no contributions.');
  }
  const header = first.value.fields;
  const read = mappingForHeader(header, setup.given);
  const format: ReadFormat = { format: read.format, mapping: read.mapping };
  const threads: Thread[] = [];
  const failures: { index: number; error: Error }[] = [];
  let unwritten = 0;
  let writing: Promise<void> = Promise.resolve();
  let changed = () => {};
  let stopped: Error | null = null;

  const start = (): Thread => {
    const { worker, loaded, isLoaded } = startOwnThread(
      'readingThreads',
      {
        workerData: { setup, header },
        resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 },
        stdout: false,
        stderr: false,
      },
      log,
    );
    const thread: Thread = { worker, parts: 0 };
    worker.on('message', (reply: ReaderReply | { loaded: true }) => {
      if (isLoadedMessage(reply)) return;
      thread.parts -= 1;
      if (reply.kind === 'text') {
        unwritten += 1;
        writing = writing
          .then(() => write(reply.text))
          .finally(() => {
            unwritten -= 1;
            changed();
          });
        writing.catch((error: Error) => (stopped ??= error));
      } else {
        const error =
          reply.status === null
            ? new Error(reply.message)
            : new AppError(reply.status, reply.message, { code: reply.code, extra: reply.extra });
        failures.push({ index: reply.index, error });
      }
      changed();
    });
    const gone = (error: Error) => {
      stopped ??= error;
      changed();
    };
    loaded.catch((error: Error) =>
      gone(new AppError(503, `${error.message}. The file was not imported: try again once the server is repaired.`)),
    );
    worker.on('error', (error) => {
      if (isLoaded()) gone(error);
    });
    worker.on('exit', (code) => {
      // One that never loaded is answered by `loaded` above.
      if (thread.parts > 0 && isLoaded())
        gone(new Error(`A results file's reading thread stopped (exit code ${code})`));
    });
    threads.push(thread);
    return thread;
  };
  const waitForChange = () => new Promise<void>((resolve) => (changed = resolve));
  /** The least busy thread with room for a part (a second one started when the first is busy). */
  const freeThread = async (): Promise<Thread | null> => {
    for (;;) {
      if (stopped || failures.length > 0) return null;
      if (unwritten < UNWRITTEN) {
        const idle = threads.find((thread) => thread.parts === 0);
        if (idle) return idle;
        if (threads.length < THREADS) return start();
        const least = threads.reduce((best, thread) => (thread.parts < best.parts ? thread : best));
        if (least.parts < PER_THREAD) return least;
      }
      await waitForChange();
    }
  };

  let index = 0;
  let readError: Error | null = null;
  try {
    try {
      for await (const part of parts) {
        if (part.kind !== 'part') continue;
        const thread = await freeThread();
        if (!thread) break;
        thread.parts += 1;
        thread.worker.postMessage({ index, bytes: part.bytes, firstLine: part.firstLine } satisfies ReaderRequest);
        index += 1;
      }
    } catch (error) {
      // The upload itself is bad (too large, not text): the parts before it are still read, and a bad row among
      // them is the one reported.
      readError = error as Error;
    }
    while (!stopped && threads.some((thread) => thread.parts > 0)) await waitForChange();
    // The first bad part is the one reported, whichever thread met its error first.
    failures.sort((a, b) => a.index - b.index);
    if (failures[0]) throw failures[0].error;
    if (readError) throw readError;
    if (stopped) throw stopped;
    await writing;
    if (stopped) throw stopped;
  } finally {
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }
  return format;
}
