import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryCounts } from '#shared/contracts/send';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { FileStoreUnavailableError, type FileStorage } from '#server/storage/storage';
import * as repo from './deliveries-repository';
import {
  countDeliveries,
  resultOfError,
  resultOfOutcome,
  retryOrFail,
  type AttemptResult,
  type QueueStatus,
} from './delivery-attempt';
import { MailSendError, type MailTransport } from './transport';

export { backoffMs } from './delivery-attempt';

export interface DeliveryOptions {
  /** Times attempts and back-off; the app's clock unless a test passes its own. */
  clock?: Clock;
  /** How the worker waits when idle; tests may pass a faster one. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Messages being sent at once (handed to the transport, not yet answered); their outcomes are recorded besides. */
  concurrency?: number;
  /**
   * Messages claimed ahead of the free slots (default: as many as the concurrency), each with its own lease and
   * heartbeat, so a slot that frees takes the next message at once, and the queue is claimed in batches instead of one
   * message per statement. Closing the app puts those not yet handed to the transport back in the queue.
   */
  claimAhead?: number;
  /** Attempts before a delivery counts as failed. */
  maxAttempts?: number;
  /** Back-off: baseDelayMs * 2^(attempt-1), capped at maxDelayMs, with up to 20% jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /**
   * How long a claim holds without being renewed: the heartbeat renews it while the message is being sent, so a claim
   * outlives it only when its instance died; then it becomes 'uncertain' within this time (plus one poll interval).
   */
  leaseMs?: number;
  /** How often a claim being sent is renewed; well under leaseMs. */
  heartbeatMs?: number;
  /** How often the queue is looked at when nothing told the worker to look (other instances, restarts). */
  pollIntervalMs?: number;
  /** How long a send waits for the first attempt of each of its messages before answering. */
  firstAttemptWaitMs?: number;
  /** How long closing the app waits for messages in flight. */
  stopTimeoutMs?: number;
  /** While messages wait because the mail server or the file store was away, how often it is asked whether it is back. */
  probeIntervalMs?: number;
  /** false: the worker does not run in this process (it still counts and re-queues). */
  autoStart?: boolean;
}

export interface DeliveryWorker {
  start(): void;
  /** Look at the queue now (a send was just written). */
  wake(): void;
  /** Stops claiming and waits (bounded) for messages in flight; pending ones stay in the queue for the next start. */
  stop(): Promise<void>;
  /**
   * Waits up to `firstAttemptWaitMs` until every message of the send that is due now has had its attempt (a new send,
   * or deliveries just re-queued); then counts. Messages waiting for a later retry do not hold it up.
   */
  waitForFirstAttempts(logId: number, timeoutMs?: number): Promise<DeliveryCounts>;
  counts(logId: number): Promise<DeliveryCounts>;
  /**
   * Puts the deliveries of a send that are in one of `statuses` (only `vendorId`'s when given) back in the queue, due
   * now, with a fresh allowance of attempts, and wakes the worker; returns the vendors re-queued.
   */
  requeue(logId: number, statuses: readonly QueueStatus[], vendorId?: string): Promise<string[]>;
  /** The worker's clock: new deliveries are due from this time. */
  now(): Date;
  readonly options: Required<Omit<DeliveryOptions, 'clock' | 'sleep'>>;
}

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  transport: MailTransport;
  log: FastifyBaseLogger;
}

/** What a message put back to wait was waiting for. */
type AwayPart = 'mail' | 'store';

/** What this process recorded for a delivery: sends waiting on their first attempts follow it without reading the send again. */
interface SettledState {
  id: number;
  status: string;
  nextAttemptAt: Date;
}

/** How often a send waiting on its first attempts reads its deliveries again, for what other instances did meanwhile. */
const REREAD_MS = 250;

/** How long an outcome waits for those of the messages still with the transport, to share one statement. */
const FINISH_GATHER_MS = 20;

/** The longest the worker waits before looking at the queue again after failed passes (a wake() comes sooner). */
const MAX_FAILURE_BACKOFF_MS = 30_000;

const STALE_CLAIM_MESSAGE =
  'The server stopped while this message was being sent: it may or may not have been delivered.';

const senderRemovedMessage = (email: string | undefined) =>
  `Not sent: its sender${email ? ` (${email})` : ''} is no longer on the authorized list, so nothing goes out in their name. ` +
  'An admin can add the address back and use Send again, or someone else can make a new send.';

const realSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** The queue worker: claims due deliveries from the database, sends each through the transport, records the outcome. */
export function createDeliveryWorker(deps: DeliveryDeps, input: DeliveryOptions = {}): DeliveryWorker {
  const { db, storage, transport, log } = deps;
  const clock = input.clock ?? deps.clock;
  const sleep = input.sleep ?? realSleep;
  const leaseMs = input.leaseMs ?? 60_000;
  const options = {
    // As many as the SMTP pool keeps connections open.
    concurrency: input.concurrency ?? 5,
    claimAhead: input.claimAhead ?? input.concurrency ?? 5,
    maxAttempts: input.maxAttempts ?? 6,
    baseDelayMs: input.baseDelayMs ?? 30_000,
    maxDelayMs: input.maxDelayMs ?? 30 * 60_000,
    leaseMs,
    heartbeatMs: input.heartbeatMs ?? Math.floor(leaseMs / 4),
    pollIntervalMs: input.pollIntervalMs ?? 5_000,
    firstAttemptWaitMs: input.firstAttemptWaitMs ?? 5_000,
    stopTimeoutMs: input.stopTimeoutMs ?? 15_000,
    probeIntervalMs: input.probeIntervalMs ?? 5_000,
    autoStart: input.autoStart ?? true,
  };
  const settled = new EventEmitter();
  settled.setMaxListeners(0);
  const inFlight = new Set<Promise<void>>();
  // Messages handed to the transport and not yet answered: what the concurrency (the SMTP pool's connections) limits.
  // A message leaves it as soon as the transport answers, so the next one is claimed while its outcome is recorded.
  let inTransport = 0;
  // Claimed (their claims renewed) and not yet handed to the transport, oldest first.
  const waiting: { delivery: repo.ClaimedDelivery; releaseClaim: () => void }[] = [];
  const heartbeats = new Set<NodeJS.Timeout>();
  // The store this instance reads messages from: it claims only deliveries whose message is there.
  let storeId: Promise<string> | undefined;
  const ownStoreId = () =>
    (storeId ??= storage.identity().catch((error: unknown) => {
      storeId = undefined;
      throw error;
    }));
  let loop: Promise<void> | undefined;
  let isStopping = false;
  let hasNews = false;
  let interrupt = new AbortController();

  // The last claim found fewer due messages than it had room for: until `lookAgainAt` (the next retry's time, or the
  // poll interval), or a wake() from this process (a new send, a re-queue), a freed slot does not make the worker
  // claim again, nor ask when the next message is due. Without it, each of the last messages of a send costs two
  // statements that find nothing.
  let isDrained = false;
  let lookAgainAt = 0;

  /** Runs the loop now, for a freed slot: the queue is looked at only when it may hold something due. */
  const nudge = () => {
    hasNews = true;
    interrupt.abort();
  };
  /** Something may have become due (a send, a re-queue, the app stopping). */
  const wake = () => {
    isDrained = false;
    nudge();
  };

  // Deliveries this worker put back to wait because the mail server or the file store was away: brought forward as
  // soon as that part answers again, instead of after their back-off.
  const heldFor = new Map<number, { part: AwayPart; emlKey: string }>();
  let probe: NodeJS.Timeout | undefined;

  /** Whether the part answers again: the mail server takes a connection and EHLO; the store reads a held message. */
  async function isBack(part: AwayPart, emlKey: string): Promise<boolean> {
    try {
      if (part === 'mail') await transport.verify!();
      else await storage.get(emlKey);
      return true;
    } catch {
      return false;
    }
  }

  /** Asks each part that messages wait for whether it is back; those it held are due at once when it is. */
  async function probeHeld() {
    for (const part of ['mail', 'store'] as const) {
      const waiting = [...heldFor].filter(([, hold]) => hold.part === part);
      if (waiting.length === 0 || !(await isBack(part, waiting[0]![1].emlKey))) continue;
      const ids = waiting.map(([id]) => id);
      try {
        const due = await repo.bringForward(db, ids, clock.now());
        for (const id of ids) heldFor.delete(id);
        log.info(
          { count: due.length, part },
          `the ${part === 'mail' ? 'mail server' : 'file store'} answers again: the messages held for it are due now`,
        );
        if (due.length > 0) wake();
      } catch {
        // The database is away: asked again later.
      }
    }
  }

  /** Probes every probeIntervalMs while messages wait for a part that was away. */
  function probeLater() {
    if (probe || isStopping || heldFor.size === 0) return;
    probe = setTimeout(() => {
      void probeHeld().finally(() => {
        probe = undefined;
        probeLater();
      });
    }, options.probeIntervalMs);
    probe.unref();
  }

  /** Renews the claim every heartbeatMs until the returned function is called: a live send is never taken over. */
  function keepClaim(delivery: repo.ClaimedDelivery): () => void {
    const timer = setInterval(() => {
      const lockedUntil = new Date(clock.now().getTime() + options.leaseMs);
      repo.renewClaim(db, delivery.id, delivery.attempts, lockedUntil).then(
        (isHeld) => {
          if (!isHeld)
            log.warn({ deliveryId: delivery.id }, 'delivery claim was lost while its message was being sent');
        },
        (error: unknown) => log.warn({ err: error, deliveryId: delivery.id }, 'delivery claim could not be renewed'),
      );
    }, options.heartbeatMs);
    heartbeats.add(timer);
    return () => {
      clearInterval(timer);
      heartbeats.delete(timer);
    };
  }

  async function attempt(delivery: repo.ClaimedDelivery, releaseClaim: () => void): Promise<void> {
    let settledState: SettledState | undefined;
    try {
      let result: AttemptResult;
      try {
        result = await sendOne(delivery);
      } catch (error) {
        // Only reached for failures before anything was handed to the transport (the stored message).
        log.error({ err: error, deliveryId: delivery.id }, 'delivery could not be prepared');
        if (error instanceof FileStoreUnavailableError) awayNow.set(delivery.id, 'store');
        result = retryOrFail(
          delivery,
          `Could not prepare the message: ${(error as Error).message}`,
          true,
          options,
          clock.now(),
        );
      } finally {
        inTransport--;
        // The slot goes to the next claimed message now; the loop claims more when the waiting line runs out.
        startWaiting();
        nudge();
      }
      // A retry of this worker's own is due at its time.
      if (result.status === 'pending' && result.nextAttemptAt)
        lookAgainAt = Math.min(lookAgainAt, result.nextAttemptAt.getTime());
      const isRecorded = await recordOutcome(delivery, result);
      const awayPart = awayNow.get(delivery.id);
      awayNow.delete(delivery.id);
      if (isRecorded && result.status === 'pending' && awayPart) {
        heldFor.set(delivery.id, { part: awayPart, emlKey: delivery.emlKey });
        probeLater();
      }
      if (isRecorded)
        settledState = {
          id: delivery.id,
          status: result.status,
          nextAttemptAt: result.nextAttemptAt ?? delivery.nextAttemptAt,
        };
      else log.warn({ deliveryId: delivery.id, result }, 'delivery claim was lost before its outcome was recorded');
    } finally {
      releaseClaim();
    }
    // What was recorded, for a send waiting on its first attempts; without it, the waiter reads the send again.
    settled.emit(String(delivery.logId), settledState);
  }

  /**
   * Outcomes to record, written together: while other messages are still with the transport, an outcome waits up to
   * FINISH_GATHER_MS for theirs (or until as many as the concurrency are waiting), and while one statement is under way
   * the outcomes that end meanwhile go in the next one. One UPDATE for several messages: on the embedded database each
   * statement is a commit of its own, and one per message was about a fifth of the server's time in a send of 50
   * (decision 0020). The last message's outcome is written at once.
   */
  let finishQueue: { finish: repo.Finish; resolve: (isRecorded: boolean) => void; reject: (error: unknown) => void }[] =
    [];
  let isFinishing = false;
  let gathering: NodeJS.Timeout | undefined;

  function flushFinishes() {
    clearTimeout(gathering);
    gathering = undefined;
    if (!isFinishing) void writeFinishes();
  }

  async function writeFinishes(): Promise<void> {
    isFinishing = true;
    try {
      while (finishQueue.length > 0) {
        const batch = finishQueue;
        finishQueue = [];
        try {
          const recorded = await repo.finishAttempts(
            db,
            batch.map((item) => item.finish),
            clock.now(),
          );
          for (const item of batch) item.resolve(recorded.has(item.finish.id));
        } catch (error) {
          for (const item of batch) item.reject(error);
        }
      }
    } finally {
      isFinishing = false;
    }
  }

  function finishAttempt(delivery: repo.DeliveryRow, result: AttemptResult): Promise<boolean> {
    return new Promise((resolve, reject) => {
      finishQueue.push({ finish: { id: delivery.id, attempts: delivery.attempts, result }, resolve, reject });
      if (isFinishing) return;
      const isMoreComing = inTransport > 0 && !isStopping && finishQueue.length < options.concurrency;
      if (!isMoreComing) flushFinishes();
      else gathering ??= setTimeout(flushFinishes, FINISH_GATHER_MS);
    });
  }

  /**
   * Records how the attempt ended. The database may be away for a moment (a restart, a failover): the outcome is tried
   * again, with back-off, while the claim would still hold, so a message that went out is not left to turn 'uncertain'.
   */
  async function recordOutcome(delivery: repo.DeliveryRow, result: AttemptResult): Promise<boolean> {
    const giveUpAt = Date.now() + options.leaseMs;
    for (let retry = 0; ; retry++) {
      try {
        return await finishAttempt(delivery, result);
      } catch (error) {
        const wait = Math.min(5_000, 100 * 2 ** retry);
        if (isStopping || Date.now() + wait > giveUpAt) {
          log.error({ err: error, deliveryId: delivery.id, result }, 'delivery outcome could not be recorded');
          return false;
        }
        log.warn(
          { err: error, deliveryId: delivery.id, retryInMs: wait },
          'delivery outcome could not be recorded yet: retrying',
        );
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  // Attempts that just failed because the mail server or the file store was away (read once their outcome is recorded).
  const awayNow = new Map<number, AwayPart>();

  async function sendOne(delivery: repo.ClaimedDelivery): Promise<AttemptResult> {
    // A message goes out in its sender's name (and, under Gmail, with their Google account): not once they are removed.
    // Their standing was read with the claim, just now.
    if (!delivery.isSenderAuthorized) {
      log.warn(
        { deliveryId: delivery.id, senderUserId: delivery.senderUserId },
        'delivery refused: its sender is no longer authorized',
      );
      return { status: 'failed', lastError: senderRemovedMessage(delivery.senderEmail ?? undefined) };
    }
    const raw = await storage.get(delivery.emlKey);
    if (!raw) return { status: 'failed', lastError: 'The stored message is missing from the file store.' };
    // A follow-up joins its original's thread at the provider (Gmail), when the original's send told us which.
    const threadId =
      delivery.replyToDeliveryId === null ? null : await repo.findProviderThreadId(db, delivery.replyToDeliveryId);
    try {
      const outcome = await transport.send({
        raw,
        from: delivery.fromAddress,
        to: delivery.toAddresses,
        cc: delivery.ccAddresses,
        senderUserId: delivery.senderUserId,
        ...(threadId ? { threadId } : {}),
      });
      return resultOfOutcome(outcome, clock.now());
    } catch (error) {
      // Only a transport that can be asked whether its server is back (SMTP) holds messages for it.
      if (error instanceof MailSendError && error.isServerAway && transport.verify) awayNow.set(delivery.id, 'mail');
      const { result, isUnexpected } = resultOfError(error, delivery, options, clock.now());
      if (isUnexpected) log.error({ err: error, deliveryId: delivery.id }, 'unexpected transport error');
      return result;
    }
  }

  /** Hands claimed messages to the transport while it has free slots. */
  function startWaiting() {
    while (!isStopping && inTransport < options.concurrency && waiting.length > 0) {
      const { delivery, releaseClaim } = waiting.shift()!;
      inTransport++;
      const running: Promise<void> = attempt(delivery, releaseClaim).finally(() => {
        inFlight.delete(running);
        nudge();
      });
      inFlight.add(running);
    }
  }

  /** Puts the claims not yet handed to the transport back in the queue as they were (closing the app). */
  async function releaseWaiting() {
    const unstarted = waiting.splice(0);
    for (const { releaseClaim } of unstarted) releaseClaim();
    if (unstarted.length === 0) return;
    try {
      await repo.releaseClaims(
        db,
        unstarted.map(({ delivery }) => ({ id: delivery.id, attempts: delivery.attempts })),
        clock.now(),
      );
    } catch (error) {
      // Their leases lapse and they turn 'uncertain': never sent twice.
      log.error(
        { err: error, deliveryIds: unstarted.map(({ delivery }) => delivery.id) },
        'claims not yet sent could not be put back in the queue',
      );
    }
  }

  // Claim statements that failed without an answer (the connection dropped): the database may have committed them.
  const unansweredClaims = new Set<string>();

  /** Gives back what unanswered claims took: this worker never received those rows, so it sent none of them. */
  async function releaseUnanswered(now: Date) {
    if (unansweredClaims.size === 0) return;
    const tokens = [...unansweredClaims];
    const released = await repo.releaseUnansweredClaims(db, tokens, now);
    for (const token of tokens) unansweredClaims.delete(token);
    if (released.length > 0)
      log.warn({ count: released.length }, 'claims whose answer was lost were put back in the queue');
    for (const { logId } of released) settled.emit(String(logId));
  }

  let lastSweep = 0;

  /** Claims what is due into the free slots; true when it claimed any. */
  async function pass(): Promise<boolean> {
    const now = clock.now();
    // Before the sweep: those rows' leases are not renewed, and they were never sent, so they must not turn 'uncertain'.
    await releaseUnanswered(now);
    if (now.getTime() - lastSweep >= options.pollIntervalMs) {
      lastSweep = now.getTime();
      const expired = await repo.expireStaleClaims(db, now, STALE_CLAIM_MESSAGE);
      if (expired.length > 0) {
        log.warn(
          { count: expired.length, logIds: [...new Set(expired.map((row) => row.logId))] },
          "claims not renewed by their instance marked 'uncertain'",
        );
      }
      for (const { logId } of expired) settled.emit(String(logId));
    }
    startWaiting();
    // Claims when no message waits beyond the free slots: the next batch arrives while the slots are still busy.
    if (inTransport + waiting.length > options.concurrency) return false;
    const room = options.concurrency + options.claimAhead - inTransport - waiting.length;
    if (room <= 0 || (isDrained && now.getTime() < lookAgainAt)) return false;
    const storeId = await ownStoreId();
    const claimToken = randomUUID();
    let claimed: repo.ClaimedDelivery[];
    try {
      claimed = await repo.claimDueDeliveries(
        db,
        now,
        room,
        new Date(now.getTime() + options.leaseMs),
        storeId,
        claimToken,
      );
    } catch (error) {
      unansweredClaims.add(claimToken);
      throw error;
    }
    // Held (renewed, then sent or given back) before anything else can fail; the poll interval if the next look fails.
    for (const delivery of claimed) waiting.push({ delivery, releaseClaim: keepClaim(delivery) });
    startWaiting();
    isDrained = claimed.length < room;
    if (isDrained) {
      lookAgainAt = now.getTime() + options.pollIntervalMs;
      lookAgainAt = now.getTime() + (await untilNextDue(now));
    }
    return claimed.length > 0;
  }

  /** How long until the next message in the queue is due, at most the poll interval. */
  async function untilNextDue(now: Date): Promise<number> {
    const due = await repo.nextDueAt(db, await ownStoreId());
    if (!due) return options.pollIntervalMs;
    return Math.min(options.pollIntervalMs, Math.max(0, due.getTime() - now.getTime()));
  }

  async function idleTime(): Promise<number> {
    if (inTransport >= options.concurrency) return options.pollIntervalMs;
    if (isDrained) return Math.max(0, lookAgainAt - clock.now().getTime());
    return untilNextDue(clock.now());
  }

  async function run(): Promise<void> {
    let failedPasses = 0;
    while (!isStopping) {
      hasNews = false;
      let wait = options.pollIntervalMs;
      try {
        // A claim fills the slots; a finished message wakes the loop for the next one.
        wait = (await pass()) ? options.pollIntervalMs : await idleTime();
        if (failedPasses > 0) log.info({ failedPasses }, 'delivery queue resumed');
        failedPasses = 0;
      } catch (error) {
        if (isStopping) break;
        // The database is away (a restart, an outage): wait longer after each failure, never give up.
        failedPasses++;
        wait = Math.min(MAX_FAILURE_BACKOFF_MS, options.pollIntervalMs * 2 ** (failedPasses - 1));
        log.error({ err: error, failedPasses, retryInMs: wait }, 'delivery queue pass failed');
      }
      if (hasNews || isStopping) continue;
      if (wait <= 0) {
        // Due now but nothing was claimed (all slots busy or another instance holds them): look again shortly.
        wait = 50;
      }
      interrupt = new AbortController();
      await sleep(wait, interrupt.signal);
    }
  }

  async function counts(logId: number): Promise<DeliveryCounts> {
    return countDeliveries(await repo.listDeliveryStates(db, logId));
  }

  return {
    options,
    start() {
      if (loop || isStopping) return;
      loop = run();
    },
    wake,
    async stop() {
      isStopping = true;
      wake();
      flushFinishes();
      await loop;
      await releaseWaiting();
      await releaseUnanswered(clock.now()).catch((error: unknown) => {
        // Their leases lapse and they turn 'uncertain': never sent twice.
        log.error({ err: error }, 'claims whose answer was lost could not be put back in the queue');
      });
      if (inFlight.size > 0) {
        const timeout = new Promise<void>((resolve) => setTimeout(resolve, options.stopTimeoutMs).unref());
        await Promise.race([Promise.allSettled([...inFlight]), timeout]);
      }
      // Messages still out are abandoned with the process: their claims lapse and another instance resolves them.
      clearTimeout(probe);
      for (const timer of heartbeats) clearInterval(timer);
      heartbeats.clear();
      settled.removeAllListeners();
    },
    counts,
    now: () => clock.now(),
    async requeue(logId, statuses, vendorId) {
      const requeued = await repo.requeueDeliveries(
        db,
        logId,
        [...statuses],
        clock.now(),
        options.maxAttempts,
        vendorId,
      );
      if (requeued.length > 0) wake();
      return requeued.map((row) => row.vendorId);
    },
    async waitForFirstAttempts(logId, timeoutMs = options.firstAttemptWaitMs) {
      const deadline = Date.now() + timeoutMs;
      const since = clock.now();
      // The send's deliveries as last read, kept up to date with what this process's worker records for them; read
      // again every REREAD_MS (another instance may be sending some of them), and when an outcome here was not
      // recorded as such or a claim lapsed. So a send of 50 is read a few times, not once per message.
      const states = new Map<number, { status: string; nextAttemptAt: Date }>();
      let mustRead = true;
      let lastRead = 0;
      // Recorded while a read was under way: applied again after it, in case the read saw the row before.
      let duringRead: SettledState[] | undefined;
      const onSettled = (state?: SettledState) => {
        if (!state) mustRead = true;
        else if (duringRead) duringRead.push(state);
        else if (states.has(state.id)) states.set(state.id, state);
        else mustRead = true;
      };
      settled.on(String(logId), onSettled);
      try {
        for (;;) {
          if (mustRead || Date.now() - lastRead >= REREAD_MS) {
            mustRead = false;
            lastRead = Date.now();
            duringRead = [];
            try {
              const rows = await repo.listDeliveryStates(db, logId);
              states.clear();
              for (const row of rows) states.set(row.id, row);
            } finally {
              const late = duringRead;
              duringRead = undefined;
              for (const state of late) onSettled(state);
            }
          }
          const isWaiting = [...states.values()].some(
            (state) => state.status === 'sending' || (state.status === 'pending' && state.nextAttemptAt <= since),
          );
          const remaining = deadline - Date.now();
          if (!isWaiting || remaining <= 0 || isStopping) return countDeliveries([...states.values()]);
          if (mustRead) continue;
          // Woken by this process's worker, or after a short while when another instance does the sending.
          await new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              settled.off(String(logId), done);
              resolve();
            };
            const timer = setTimeout(done, Math.min(remaining, Math.max(0, REREAD_MS - (Date.now() - lastRead))));
            settled.once(String(logId), done);
          });
        }
      } finally {
        settled.off(String(logId), onSettled);
      }
    },
  };
}
