import { eq, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { rateLimitHits } from '#server/db/schema';

export interface HitCount {
  count: number;
  windowEndsAt: Date;
}

/** Far above any limit; keeps a flood of refused requests from overflowing the integer column. */
const COUNT_CEILING = 1_000_000_000;

/**
 * Counts one request under `key` in one statement (so instances racing on the same key never lose a count): a new
 * key, or one whose window has ended, starts again at 1 with a window ending at `now + windowMs`.
 */
export async function countHit(db: Db, key: string, now: Date, windowMs: number): Promise<HitCount> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const hasEnded = sql`${rateLimitHits.windowEndsAt} <= ${at}`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, count: 1, windowEndsAt: new Date(now.getTime() + windowMs) })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`case when ${hasEnded} then 1 else least(${rateLimitHits.count} + 1, ${COUNT_CEILING}) end`,
        windowEndsAt: sql`case when ${hasEnded} then excluded.window_ends_at else ${rateLimitHits.windowEndsAt} end`,
      },
    })
    .returning({ count: rateLimitHits.count, windowEndsAt: rateLimitHits.windowEndsAt });
  return row!;
}

/** The count under `key` without adding to it (undefined: never counted). */
export async function findHits(db: Db, key: string): Promise<HitCount | undefined> {
  const [row] = await db
    .select({ count: rateLimitHits.count, windowEndsAt: rateLimitHits.windowEndsAt })
    .from(rateLimitHits)
    .where(eq(rateLimitHits.key, key));
  return row;
}

/** Removes the counts whose window has ended (a later request starts a new window anyway): the table holds only live windows. */
export async function deleteEndedWindows(db: Db, now: Date): Promise<number> {
  const removed = await db
    .delete(rateLimitHits)
    .where(lte(rateLimitHits.windowEndsAt, now))
    .returning({ key: rateLimitHits.key });
  return removed.length;
}
