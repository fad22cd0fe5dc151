import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import * as repo from './claims-repository';
import type { LostClaims } from './lost-claims';
import type { WorkerOptions } from './options';

/**
 * The claims this worker holds: taking due deliveries from the queue, and one heartbeat that renews every held lease in
 * one statement, so a live claim (waiting for a slot or being sent) is never taken over.
 */
export interface Claims {
  /** Claims up to `room` due deliveries whose message is in `storeId`, each held until dropped. */
  claim(now: Date, room: number, storeId: string): Promise<repo.ClaimedDelivery[]>;
  /** The claim ended (its outcome recorded, given back, or lost): no longer renewed. */
  drop(id: number): void;
  stop(): void;
}

export interface ClaimsDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  options: Pick<WorkerOptions, 'leaseMs' | 'heartbeatMs'>;
  lostClaims: Pick<LostClaims, 'remember'>;
}

export function createClaims({ db, clock, log, options, lostClaims }: ClaimsDeps): Claims {
  const held = new Map<number, repo.ClaimRef>();
  let heartbeat: NodeJS.Timeout | undefined;

  function renew() {
    const claims = [...held.values()];
    const lockedUntil = new Date(clock.now().getTime() + options.leaseMs);
    repo.renewClaims(db, claims, lockedUntil).then(
      (stillHeld) => {
        const lost = claims.filter(({ id }) => !stillHeld.has(id) && held.has(id)).map(({ id }) => id);
        if (lost.length > 0)
          log.warn({ deliveryIds: lost }, 'delivery claims were lost while their instance held them');
      },
      (error: unknown) =>
        log.warn({ err: error, deliveryIds: claims.map(({ id }) => id) }, 'delivery claims could not be renewed'),
    );
  }

  function drop(id: number) {
    held.delete(id);
    if (held.size > 0) return;
    clearInterval(heartbeat);
    heartbeat = undefined;
  }

  return {
    async claim(now, room, storeId) {
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
        // The database may have committed it: lost-claim recovery gives back what it took.
        lostClaims.remember(claimToken);
        throw error;
      }
      for (const { id, attempts } of claimed) held.set(id, { id, attempts });
      if (claimed.length > 0) heartbeat ??= setInterval(renew, options.heartbeatMs);
      return claimed;
    },
    drop,
    stop() {
      held.clear();
      clearInterval(heartbeat);
      heartbeat = undefined;
    },
  };
}
