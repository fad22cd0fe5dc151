import { pathToFileURL } from 'node:url';
import { parentPort, Worker, workerData, type WorkerOptions } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { ownEntry } from './paths';

/**
 * The server's own worker threads (the SMTP threads, decision 0066; the results reading threads, 0068): each one's
 * first message says that its code has loaded. A thread that fails before that could not start (its file is missing,
 * or this Node.js cannot load it): an error, logged with its cause, and the part it serves is down for /api/ready
 * until one of its threads starts again. Nothing it was given was done (decision 0070).
 */

/** The parts these threads serve, as /api/ready names them. */
export type ThreadPart = 'mailThreads' | 'readingThreads';

export const THREAD_PARTS: Record<ThreadPart, { label: string; compiledName: string; source: string }> = {
  mailThreads: { label: 'An SMTP thread', compiledName: 'smtp-thread', source: 'src/server/mail/smtp-thread-main.ts' },
  readingThreads: {
    label: "A results file's reading thread",
    compiledName: 'results-reader',
    source: 'src/server/modules/results/read-thread-main.ts',
  },
};

/** A thread's first message. */
export interface Loaded {
  loaded: true;
}

export const isLoadedMessage = (message: unknown): message is Loaded => (message as Loaded | null)?.loaded === true;

/** A thread of the server's own stopped before its code had loaded. */
export class ThreadStartError extends Error {
  constructor(
    readonly part: ThreadPart,
    readonly reason: string,
  ) {
    super(`${THREAD_PARTS[part].label} could not start: ${reason}`);
    this.name = 'ThreadStartError';
  }
}

/** Per part, this process's last start: whether a thread loaded, or why it did not. */
const lastStart = new Map<ThreadPart, { error?: ThreadStartError }>();

/**
 * Tests: the file and flags a part's threads start from instead of their own (a thread that cannot load, or the test
 * run's compiled copy: testing/compiled-threads.ts).
 */
const entryOverrides = new Map<ThreadPart, { file: string; execArgv: string[] }>();

export function overrideThreadEntry(part: ThreadPart, entry: { file: string; execArgv: string[] } | undefined) {
  if (entry) entryOverrides.set(part, entry);
  else entryOverrides.delete(part);
  lastStart.delete(part);
}

export interface OwnThread {
  worker: Worker;
  /** Resolves once its code has loaded; rejects with a ThreadStartError if it stops first (never unhandled). */
  loaded: Promise<void>;
  isLoaded(): boolean;
}

/** Starts a thread of `part` from its entry as this build runs it (compiled, or its TypeScript source under tsx). */
export function startOwnThread(
  part: ThreadPart,
  options: Omit<WorkerOptions, 'execArgv'>,
  log?: FastifyBaseLogger,
): OwnThread {
  const { compiledName, source } = THREAD_PARTS[part];
  const entry = entryOverrides.get(part) ?? ownEntry(compiledName, source);
  const worker = new Worker(pathToFileURL(entry.file), { ...options, execArgv: entry.execArgv });
  let isLoaded = false;
  const loaded = new Promise<void>((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!isLoadedMessage(message)) return;
      isLoaded = true;
      const wasDown = lastStart.get(part)?.error;
      lastStart.set(part, {});
      if (wasDown) log?.info({ part }, `${THREAD_PARTS[part].label} started again`);
      worker.off('message', onMessage);
      resolve();
    };
    let reason: string | undefined;
    worker.on('message', onMessage);
    worker.on('error', (error) => (reason ??= `${error.message}${'code' in error ? ` (${String(error.code)})` : ''}`));
    worker.once('exit', (code) => {
      if (isLoaded) return;
      const error = new ThreadStartError(part, reason ?? `it exited with code ${code} before its code had loaded`);
      // Logged as an error once while the part is down; each later start that fails (the mail part's probe every few
      // seconds, say) only at debug level.
      const wasDown = lastStart.get(part)?.error;
      lastStart.set(part, { error });
      if (wasDown) log?.debug({ err: error, part }, error.message);
      else log?.error({ err: error, part }, error.message);
      reject(error);
    });
  });
  loaded.catch(() => {});
  return { worker, loaded, isLoaded: () => isLoaded };
}

/**
 * Whether `part`'s threads can start, for /api/ready: at once if one has loaded in this process since the last that
 * could not; otherwise a thread is started only to see it load (`probe` in its workerData), then stopped.
 */
export async function checkThreadsStart(part: ThreadPart, log?: FastifyBaseLogger): Promise<void> {
  const last = lastStart.get(part);
  if (last && !last.error) return;
  const probe = startOwnThread(part, { workerData: { probe: true }, stdout: false, stderr: false }, log);
  try {
    await probe.loaded;
  } finally {
    await probe.worker.terminate();
  }
}

/**
 * In one of these threads, once its imports have loaded: tells the main thread. False for a probe, which only had to
 * load (checkThreadsStart): the thread then does nothing more.
 */
export function threadLoaded(): boolean {
  parentPort!.postMessage({ loaded: true } satisfies Loaded);
  return !(workerData as { probe?: boolean } | null)?.probe;
}
