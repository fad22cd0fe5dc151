import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client';
import * as repo from './claims-repository';

/**
 * Claims nobody holds any more, put right: those of a claim statement that failed without an answer (this worker never
 * received their rows, so it sent none), and those whose instance died (their leases lapsed).
 */
export interface LostClaims {
  /** A claim statement with this token failed without an answer: the database may have committed it. */
  remember(claimToken: string): void;
  /** Gives back what unanswered claims took; answers the sends concerned. */
  giveBackUnanswered(now: Date): Promise<number[]>;
  /** Settles the lapsed claims of every instance, at most once a poll interval; answers the sends concerned. */
  settleLapsed(now: Date): Promise<number[]>;
}

const UNCERTAIN_MESSAGE =
  'The server stopped while this message was being sent: it may or may not have been delivered.';

export function createLostClaims(db: Db, log: FastifyBaseLogger, pollIntervalMs: number): LostClaims {
  const unanswered = new Set<string>();
  let lastSweep = 0;
  return {
    remember: (claimToken) => void unanswered.add(claimToken),
    async giveBackUnanswered(now) {
      if (unanswered.size === 0) return [];
      const tokens = [...unanswered];
      const released = await repo.releaseUnansweredClaims(db, tokens, now);
      for (const token of tokens) unanswered.delete(token);
      if (released.length > 0)
        log.warn({ count: released.length }, 'claims whose answer was lost were put back in the queue');
      return released.flatMap(({ sendId }) => (sendId === null ? [] : [sendId]));
    },
    async settleLapsed(now) {
      if (now.getTime() - lastSweep < pollIntervalMs) return [];
      lastSweep = now.getTime();
      const settled = await repo.settleLapsedClaims(db, now, UNCERTAIN_MESSAGE);
      const uncertain = settled.filter((row) => row.status === 'uncertain');
      const requeued = settled.filter((row) => row.status !== 'uncertain');
      if (uncertain.length > 0)
        log.warn(
          { count: uncertain.length, sendIds: [...new Set(uncertain.map((row) => row.sendId))] },
          "claims not renewed by their instance marked 'uncertain'",
        );
      if (requeued.length > 0)
        log.warn(
          { count: requeued.length, sendIds: [...new Set(requeued.map((row) => row.sendId))] },
          'claims not renewed by their instance and never handed to the mail server put back in the queue',
        );
      return settled.flatMap(({ sendId }) => (sendId === null ? [] : [sendId]));
    },
  };
}
