import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryCounts } from '#shared/contracts/send';
import type { Bytes } from '#server/bytes';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import type { FileStorage } from '#server/storage/storage';
import { listDeliveryStates, requeueDeliveries } from './deliveries-repository';
import { countDeliveries, type QueueStatus } from './delivery-attempt';
import { attemptMessage, type Attempted, type SenderCheck } from './queue/attempt';
import { createAwayWatch } from './queue/away-watch';
import { createClaims } from './queue/claims';
import { databaseAnswers, nextDueAt, releaseClaims, type ClaimedDelivery } from './queue/claims-repository';
import { createFirstAttempts, type SettledState } from './queue/first-attempts';
import { createKeptMessages } from './queue/kept-messages';
import { createLostClaims } from './queue/lost-claims';
import { realSleep, withDefaults, type DeliveryOptions, type WorkerOptions } from './queue/options';
import { createProgress } from './queue/outcomes';
import type { MailTransport } from './transport';

export { backoffMs } from './delivery-attempt';
export type { DeliveryOptions } from './queue/options';
export type { SenderCheck, SenderStanding } from './queue/attempt';

export interface DeliveryWorker {
  start(): void;
  /** Look at the queue now (a send was just written). */
  wake(): void;
  /**
   * The bytes of messages just queued (their rows committed) by key, still in memory: their first attempt here sends
   * these instead of reading the store (queue/kept-messages). Nothing is kept while the worker is not running.
   */
  keep(messages: ReadonlyMap<string, Bytes>): void;
  /** Stops claiming and waits (bounded) for messages in flight; pending ones stay in the queue for the next start. */
  stop(): Promise<void>;
  /**
   * Waits up to `firstAttemptWaitMs` until every message of the send that is due now has had its attempt (a new send,
   * or deliveries just re-queued); then counts. Messages waiting for a later retry do not hold it up.
   */
  waitForFirstAttempts(sendId: number, timeoutMs?: number): Promise<DeliveryCounts>;
  counts(sendId: number): Promise<DeliveryCounts>;
  /**
   * Puts the deliveries of a send that are in one of `statuses` (only `vendorId`'s when given) back in the queue, due
   * now, with a fresh allowance of attempts, and wakes the worker; returns the vendors re-queued.
   */
  requeue(sendId: number, statuses: readonly QueueStatus[], vendorId?: string): Promise<string[]>;
  /** The worker's clock: new deliveries are due from this time. */
  now(): Date;
  readonly options: WorkerOptions;
}

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  transport: MailTransport;
  log: FastifyBaseLogger;
  /** Whether a message may still go out in its sender's name (the users module's rule). */
  senderCheck: SenderCheck;
}

/** The longest the worker waits before looking at the queue again after failed passes (a wake() comes sooner). */
const MAX_FAILURE_BACKOFF_MS = 30_000;

/**
 * The queue worker: claims due deliveries (queue/claims), hands each to the transport when a slot frees
 * (queue/attempt), records hand-overs and outcomes (queue/outcomes), holds messages for an away mail server or file
 * store (queue/away-watch), puts lost claims right (queue/lost-claims), and tells waiting sends (queue/first-attempts).
 * What is here: the slots, the line of claimed messages waiting for them, and the loop that claims.
 */
export function createDeliveryWorker(deps: DeliveryDeps, input: DeliveryOptions = {}): DeliveryWorker {
  const { db, storage, log } = deps;
  const clock = input.clock ?? deps.clock;
  const sleep = input.sleep ?? realSleep;
  const options = withDefaults(input);
  const firstAttempts = createFirstAttempts(db);
  const lostClaims = createLostClaims(db, log, options.pollIntervalMs);
  const claims = createClaims({ db, clock, log, options, lostClaims });
  const inFlight = new Set<Promise<void>>();
  // Messages handed to the transport and not yet answered: what the concurrency (the SMTP pool's connections) limits.
  // A message leaves it as soon as the transport answers, so the next one is claimed while its outcome is recorded.
  let inTransport = 0;
  // Claimed (their claims renewed) and not yet handed to the transport, oldest first.
  const waiting: ClaimedDelivery[] = [];
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

  const progress = createProgress({
    db,
    clock,
    log,
    leaseMs: options.leaseMs,
    concurrency: options.concurrency,
    isMoreComing: () => inTransport > 0 && !isStopping,
    isStopping: () => isStopping,
  });
  const awayWatch = createAwayWatch({ ...deps, clock, probeIntervalMs: options.probeIntervalMs, wake });
  const kept = createKeptMessages();
  const attemptDeps = { ...deps, clock, policy: options, kept };

  async function attempt(delivery: ClaimedDelivery): Promise<void> {
    let state: SettledState | undefined;
    try {
      // Asked now, as the message takes its slot: it goes in one statement with the outcome of the message that had the
      // slot (recorded just before this one started), and is written while the message is read from the store.
      const handedOver = progress.handOver(delivery);
      // Awaited by attemptMessage once the message is read; a database failure meanwhile is not an unhandled rejection.
      handedOver.catch(() => {});
      let attempted: Attempted;
      let recorded: Promise<boolean> | undefined;
      try {
        attempted = await attemptMessage(attemptDeps, delivery, handedOver);
        if (!('isClaimLost' in attempted)) recorded = progress.finish(delivery, attempted.result);
      } finally {
        inTransport--;
        // The slot goes to the next claimed message now; the loop claims more when the waiting line runs out.
        startWaiting();
        nudge();
      }
      if (!recorded || 'isClaimLost' in attempted) return;
      const { result, away } = attempted;
      // A retry of this worker's own is due at its time.
      if (result.status === 'pending' && result.nextAttemptAt)
        lookAgainAt = Math.min(lookAgainAt, result.nextAttemptAt.getTime());
      const isRecorded = await recorded;
      if (isRecorded && result.status === 'pending' && away) awayWatch.hold(delivery.id, away, delivery.emlKey);
      if (isRecorded)
        state = {
          id: delivery.id,
          status: result.status,
          nextAttemptAt: result.nextAttemptAt ?? delivery.nextAttemptAt,
        };
      else log.warn({ deliveryId: delivery.id, result }, 'delivery claim was lost before its outcome was recorded');
    } finally {
      claims.drop(delivery.id);
      // What was recorded, for a send waiting on its first attempts; without it, the waiter reads the send again.
      firstAttempts.settled(delivery.sendId, state);
    }
  }

  /** Hands claimed messages to the transport while it has free slots. */
  function startWaiting() {
    while (!isStopping && inTransport < options.concurrency && waiting.length > 0) {
      const delivery = waiting.shift()!;
      inTransport++;
      const running: Promise<void> = attempt(delivery).finally(() => {
        inFlight.delete(running);
        nudge();
      });
      inFlight.add(running);
    }
  }

  /** Puts the claims not yet handed to the transport back in the queue as they were (closing the app). */
  async function releaseWaiting() {
    const unstarted = waiting.splice(0);
    for (const { id } of unstarted) claims.drop(id);
    try {
      await releaseClaims(db, unstarted, clock.now());
    } catch (error) {
      // Their leases lapse and they go back to the queue then: never handed over, never 'uncertain'.
      log.error(
        { err: error, deliveryIds: unstarted.map(({ id }) => id) },
        'claims not yet sent could not be put back in the queue',
      );
    }
  }

  /** Claims what is due into the free slots; true when it claimed any. */
  async function pass(): Promise<boolean> {
    const now = clock.now();
    // Before the sweep: those rows' leases are not renewed, and they were never sent.
    for (const sendId of await lostClaims.giveBackUnanswered(now)) firstAttempts.settled(sendId);
    for (const sendId of await lostClaims.settleLapsed(now)) firstAttempts.settled(sendId);
    startWaiting();
    // Claims when no message waits beyond the free slots: the next batch arrives while the slots are still busy.
    if (inTransport + waiting.length > options.concurrency) return false;
    const room = options.concurrency + options.claimAhead - inTransport - waiting.length;
    if (room <= 0 || (isDrained && now.getTime() < lookAgainAt)) return false;
    const claimed = await claims.claim(now, room, await ownStoreId());
    waiting.push(...claimed);
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
    const due = await nextDueAt(db, await ownStoreId());
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
        // A pass can end without a statement (slots busy, nothing due yet): only the database's answer ends a back-off.
        if (failedPasses > 0) await databaseAnswers(db);
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
      // Due now but nothing was claimed (all slots busy or another instance holds them): look again shortly.
      if (wait <= 0) wait = 50;
      interrupt = new AbortController();
      await sleep(wait, interrupt.signal);
    }
  }

  async function stop() {
    isStopping = true;
    wake();
    progress.flush();
    await loop;
    await releaseWaiting();
    for (const sendId of await lostClaims.giveBackUnanswered(clock.now()).catch((error: unknown) => {
      // Their leases lapse and they go back to the queue then: never sent, never 'uncertain'.
      log.error({ err: error }, 'claims whose answer was lost could not be put back in the queue');
      return [];
    }))
      firstAttempts.settled(sendId);
    if (inFlight.size > 0) {
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, options.stopTimeoutMs).unref());
      await Promise.race([Promise.allSettled([...inFlight]), timeout]);
    }
    // Messages still out are abandoned with the process: their claims lapse and another instance resolves them.
    awayWatch.stop();
    kept.clear();
    claims.stop();
    firstAttempts.close();
  }

  return {
    options,
    start() {
      if (loop || isStopping) return;
      loop = run();
    },
    wake,
    keep: (messages) => (loop && !isStopping ? kept.keep(messages) : undefined),
    stop,
    counts: async (sendId) => countDeliveries(await listDeliveryStates(db, sendId)),
    now: () => clock.now(),
    async requeue(sendId, statuses, vendorId) {
      const requeued = await requeueDeliveries(db, sendId, [...statuses], clock.now(), options.maxAttempts, vendorId);
      if (requeued.length > 0) wake();
      return requeued.map((row) => row.vendorId);
    },
    waitForFirstAttempts: (sendId, timeoutMs = options.firstAttemptWaitMs) =>
      firstAttempts.wait(sendId, clock.now(), Date.now() + timeoutMs, () => isStopping),
  };
}
