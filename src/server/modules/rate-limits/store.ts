import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { countHit, findHits } from './repository';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit in the database, so that every app instance counts against the same limit
 * (its own store keeps counts in one process's memory). Windows are fixed: they start with a key's first request.
 */
export function databaseRateLimitStore(db: Db, clock: Clock): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = clock.now();
      countHit(db, key, now, timeWindow).then(
        ({ count, windowEndsAt }) =>
          callback(null, { current: count, ttl: Math.max(0, windowEndsAt.getTime() - now.getTime()) }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      const now = clock.now();
      findHits(db, key).then(
        (hits) => {
          const ttl = hits ? hits.windowEndsAt.getTime() - now.getTime() : 0;
          callback(null, ttl > 0 ? { current: hits!.count, ttl } : { current: 0, ttl: 0 });
        },
        (error: Error) => callback(error),
      );
    }

    /** One table for every limit: the keys carry the limit's name. */
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return DatabaseRateLimitStore;
}
