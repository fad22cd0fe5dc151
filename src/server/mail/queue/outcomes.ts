import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import type { AttemptResult } from '../delivery-attempt';
import type { ClaimRef } from './claims-repository';
import * as repo from './progress-repository';

/**
 * An attempt's progress, written to the database: the hand-over (committed before the transport gets the message) and
 * the outcome. Written together: while other messages are still with the transport, an outcome waits up to
 * GATHER_MS for theirs (or until as many as the concurrency are waiting); a hand-over waits for nothing and takes the
 * outcomes gathered so far with it; while one statement is under way, what comes meanwhile goes in the next one. On
 * the embedded database each statement is a commit of its own (decision 0019), so a send of 50 writes one statement
 * per hand-over, outcomes riding along, rather than one per hand-over and per outcome.
 */
export interface Progress {
  /** Records that the message goes to the transport now; false when the claim was lost (it must not be sent). */
  handOver(claim: ClaimRef): Promise<boolean>;
  /**
   * Records how the attempt ended. The database may be away for a moment (a restart, a failover): the outcome is tried
   * again, with back-off, while the claim would still hold, so a message that went out is not left to turn
   * 'uncertain'. False when it could not be recorded, or the claim was lost.
   */
  finish(claim: ClaimRef, result: AttemptResult): Promise<boolean>;
  /** Writes what waits now (the worker stops). */
  flush(): void;
}

export interface ProgressDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  leaseMs: number;
  concurrency: number;
  /** Whether other messages are with the transport (their outcomes may join this one) and the worker is not stopping. */
  isMoreComing(): boolean;
  isStopping(): boolean;
}

/** How long an outcome waits for those of the messages still with the transport, to share one statement. */
const GATHER_MS = 20;

interface Item {
  claim: ClaimRef;
  /** Absent for a hand-over. */
  result?: AttemptResult;
  resolve(isRecorded: boolean): void;
  reject(error: unknown): void;
}

export function createProgress(deps: ProgressDeps): Progress {
  const { db, clock, log } = deps;
  let waiting: Item[] = [];
  let isWriting = false;
  let gathering: NodeJS.Timeout | undefined;

  function flush() {
    clearTimeout(gathering);
    gathering = undefined;
    if (!isWriting) void write();
  }

  async function write(): Promise<void> {
    isWriting = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting;
        waiting = [];
        const finishes = batch.flatMap(({ claim, result }) => (result ? [{ ...claim, result }] : []));
        const handOvers = batch.filter(({ result }) => !result).map(({ claim }) => claim);
        try {
          const recorded = await repo.writeProgress(db, finishes, clock.now(), handOvers);
          for (const item of batch) item.resolve(recorded.has(item.claim.id));
        } catch (error) {
          for (const item of batch) item.reject(error);
        }
      }
    } finally {
      isWriting = false;
    }
  }

  function enqueue(claim: ClaimRef, result?: AttemptResult): Promise<boolean> {
    return new Promise((resolve, reject) => {
      waiting.push({ claim, result, resolve, reject });
      if (isWriting) return;
      const finishes = waiting.filter((item) => item.result).length;
      if (!result || !deps.isMoreComing() || finishes >= deps.concurrency) flush();
      else gathering ??= setTimeout(flush, GATHER_MS);
    });
  }

  async function finish(claim: ClaimRef, result: AttemptResult): Promise<boolean> {
    const giveUpAt = Date.now() + deps.leaseMs;
    for (let retry = 0; ; retry++) {
      try {
        return await enqueue(claim, result);
      } catch (error) {
        const wait = Math.min(5_000, 100 * 2 ** retry);
        if (deps.isStopping() || Date.now() + wait > giveUpAt) {
          log.error({ err: error, deliveryId: claim.id, result }, 'delivery outcome could not be recorded');
          return false;
        }
        log.warn(
          { err: error, deliveryId: claim.id, retryInMs: wait },
          'delivery outcome could not be recorded yet: retrying',
        );
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  return { handOver: (claim) => enqueue(claim), finish, flush };
}
