import type { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { piecesOf } from '#server/bytes';
import { isLoadedMessage, startOwnThread, ThreadStartError } from '../own-threads';
import type { SmtpOptions } from './smtp';
import { MailSendError, type MailTransport, type OutgoingMessage, type SendOutcome } from './transport';

/** What the main thread asks of an SMTP thread. */
export type ThreadRequest =
  | { id: number; kind: 'send'; message: Omit<OutgoingMessage, 'raw'> & { raw: Uint8Array[] } }
  | { id: number; kind: 'verify' }
  | { id: number; kind: 'close' };

/** A MailSendError as it crosses between threads (a thrown object arrives as a plain Error). */
export interface ThreadError {
  message: string;
  mailSend?: { retryable: boolean; retryAfterMs?: number; isServerAway: boolean };
}

/** `taken`: the thread hands the message to nodemailer now (its answer follows). */
export type ThreadReply = { id: number; taken?: true; outcome?: SendOutcome; error?: ThreadError };

export interface SmtpThreadsOptions extends SmtpOptions {
  /** SMTP threads; the pool's connections (maxConnections) are shared out among them. */
  threads: number;
  /** Called with each thread as it starts (tests: a thread that stops while it sends). */
  threadStarted?: (worker: Worker) => void;
  /** Where a thread that cannot start, or stops, is logged. */
  log?: FastifyBaseLogger;
}

/** Pieces at least this long are handed to the threads as shared memory, copied once however many messages hold them. */
const SHARED_PIECE_BYTES = 64 * 1024;

/**
 * A thread's reply, or why it stopped before it replied: `stopped` once it had taken the request (a message may have
 * gone out), `notTaken` before (it never loaded, or stopped before it came to the request: nothing went out).
 */
type Answer = ThreadReply | { stopped: string } | { notTaken: Error };

interface Thread {
  worker: Worker;
  /** Requests posted to it and not yet answered; `isTaken` once it said it hands the message on. */
  pending: Map<number, { resolve(answer: Answer): void; isTaken: boolean }>;
  isGone: boolean;
}

/**
 * SMTP from worker threads (decision 0066): nodemailer's own transport (createSmtpTransport) in each thread, so the
 * byte work of a send (dot-stuffing every line of 50 messages of a megabyte and more) runs beside the main thread,
 * which meanwhile answers requests and records outcomes. A message goes to the thread with the fewest in hand; its
 * large pieces (a send's shared attachment) are copied once into shared memory and then passed by reference.
 * Outcomes and refusals are createSmtpTransport's, unchanged. A thread that stops while it holds messages (it ran out
 * of memory, say) cannot say whether they went out: each it had taken is 'uncertain', as after a dropped line, and the
 * next message starts a new thread. A message it had not taken yet, and every message of a thread that could not
 * start (its code did not load: own-threads.ts logs why), never reached the mail server: it goes back to the queue
 * (a MailSendError to retry, the mail part away: decision 0070), and verify() throws the ThreadStartError.
 */
export function createThreadedSmtpTransport(
  url: string,
  options: SmtpThreadsOptions,
): MailTransport & {
  close(): Promise<void>;
} {
  const { threads: count, threadStarted, log, ...smtp } = options;
  const totalConnections = smtp.maxConnections ?? 5;
  const threads: (Thread | undefined)[] = Array.from({ length: count }, () => undefined);
  const sharedPieces = new WeakMap<Buffer, Uint8Array>();
  let nextId = 1;
  let isClosed = false;

  const start = (slot: number): Thread => {
    // The connections shared out: 5 among 2 threads are 3 and 2.
    const maxConnections = Math.max(
      1,
      Math.floor(totalConnections / count) + (slot < totalConnections % count ? 1 : 0),
    );
    const { worker, loaded, isLoaded } = startOwnThread(
      'mailThreads',
      {
        workerData: { url, options: { ...smtp, maxConnections } },
        // As the main thread's young generation (`npm start` gives it --max-semi-space-size=4): a thread's garbage is
        // mostly its short-lived stuffed chunks, and a larger one only holds them longer.
        resourceLimits: { maxYoungGenerationSizeMb: 12 },
        stdout: false,
        stderr: false,
      },
      log,
    );
    // A thread never keeps the process alive on its own; the delivery worker holds it while messages are in flight.
    worker.unref();
    const thread: Thread = { worker, pending: new Map(), isGone: false };
    worker.on('message', (reply: ThreadReply | { loaded: true }) => {
      if (isLoadedMessage(reply)) return;
      const waiting = thread.pending.get(reply.id);
      if (reply.taken) {
        if (waiting) waiting.isTaken = true;
        return;
      }
      thread.pending.delete(reply.id);
      waiting?.resolve(reply);
    });
    let failure: string | undefined;
    const gone = async (reason: string) => {
      if (thread.isGone) return;
      thread.isGone = true;
      if (threads[slot] === thread) threads[slot] = undefined;
      // Closing the app: the delivery worker has stopped waiting for these, and their claims turn 'uncertain' when
      // their lease lapses (0027), as when any instance stops with messages out. They are not answered here.
      if (!isClosed) {
        const notStarted = isLoaded() ? undefined : await loaded.catch((error: ThreadStartError) => error);
        if (isLoaded() && thread.pending.size > 0) log?.error({ reason }, `${reason} while it held messages`);
        for (const waiting of thread.pending.values()) {
          if (waiting.isTaken) waiting.resolve({ stopped: reason });
          else waiting.resolve({ notTaken: notStarted ?? new Error(`${reason} before it took the message`) });
        }
      }
      thread.pending.clear();
    };
    worker.on('error', (error) => (failure ??= `The mail thread failed: ${error.message}`));
    worker.on('exit', (code) => void gone(failure ?? `The mail thread stopped (exit code ${code})`));
    threadStarted?.(worker);
    return thread;
  };

  /** The live thread with the fewest messages in hand, started if its slot is empty. */
  const pick = (): Thread => {
    let best: Thread | undefined;
    for (let slot = 0; slot < count; slot++) {
      const thread = threads[slot] ?? (threads[slot] = start(slot));
      if (!best || thread.pending.size < best.pending.size) best = thread;
    }
    return best!;
  };

  const ask = (request: ThreadRequest, thread = pick()) =>
    new Promise<Answer>((resolve) => {
      thread.pending.set(request.id, { resolve, isTaken: false });
      thread.worker.ref();
      thread.worker.postMessage(request);
    }).finally(() => {
      if (thread.pending.size === 0) thread.worker.unref();
    });

  const shared = (piece: Buffer): Uint8Array => {
    if (piece.length < SHARED_PIECE_BYTES) return piece;
    let copy = sharedPieces.get(piece);
    if (!copy) {
      copy = new Uint8Array(new SharedArrayBuffer(piece.length));
      copy.set(piece);
      sharedPieces.set(piece, copy);
    }
    return copy;
  };

  const thrown = (error: ThreadError): Error =>
    error.mailSend
      ? new MailSendError(
          error.message,
          error.mailSend.retryable,
          error.mailSend.retryAfterMs,
          error.mailSend.isServerAway,
        )
      : new Error(error.message);

  return {
    name: 'smtp',
    async send(message): Promise<SendOutcome> {
      if (isClosed) throw new MailSendError('The mail transport is closed', true, undefined, true);
      const raw = piecesOf(message.raw).map(shared);
      const answer = await ask({ id: nextId++, kind: 'send', message: { ...message, raw } });
      // Never handed to nodemailer: back to the queue, held until the mail part answers again (verify).
      if ('notTaken' in answer) {
        throw new MailSendError(
          `${answer.notTaken.message}: the message was not handed to the mail server`,
          true,
          undefined,
          true,
        );
      }
      // The thread stopped with the message in hand: it may have gone out.
      if ('stopped' in answer)
        return { status: 'uncertain', error: `${answer.stopped} while it was sending the message` };
      if (answer.outcome) return answer.outcome;
      throw thrown(answer.error!);
    },
    async verify() {
      const answer = await ask({ id: nextId++, kind: 'verify' });
      if ('notTaken' in answer) throw answer.notTaken;
      if ('stopped' in answer) throw new Error(answer.stopped);
      if (answer.error) throw thrown(answer.error);
    },
    async close() {
      isClosed = true;
      await Promise.all(
        threads.map(async (thread) => {
          if (!thread || thread.isGone) return;
          // nodemailer says QUIT on its pooled connections; a thread that does not end by itself soon is stopped.
          const ended = new Promise((resolve) => thread.worker.once('exit', resolve));
          thread.worker.postMessage({ id: nextId++, kind: 'close' } satisfies ThreadRequest);
          const timer = setTimeout(() => void thread.worker.terminate(), 2_000);
          await ended;
          clearTimeout(timer);
        }),
      );
    },
  };
}
