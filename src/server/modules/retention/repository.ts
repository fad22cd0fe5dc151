import { and, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { emailDeliveries, emailLogs, maintenanceRuns, storedFiles } from '#server/db/schema';
import { forgetStoredFiles } from '../files';
import { markSendFilesRemoved } from '../sends';

/**
 * Takes this period's run of a task for this instance: one statement, so of several instances whose timers fire
 * together exactly one gets true; the others (and this one, until `every` has passed) get false.
 */
export async function claimTaskRun(db: Db, task: string, now: Date, everyMs: number): Promise<boolean> {
  const dueBefore = new Date(now.getTime() - everyMs);
  const rows = await db
    .insert(maintenanceRuns)
    .values({ task, lastRunAt: now })
    .onConflictDoUpdate({
      target: maintenanceRuns.task,
      set: { lastRunAt: now },
      setWhere: lt(maintenanceRuns.lastRunAt, dueBefore),
    })
    .returning({ task: maintenanceRuns.task });
  return rows.length > 0;
}

/**
 * Log entries sent before `cutoff` whose files are still kept and none of whose messages is waiting or being sent
 * (a queued message still needs its stored bytes).
 */
export function findExpiredLogs(db: Db, cutoff: Date, limit: number) {
  return db
    .select({ id: emailLogs.id, cardDetails: emailLogs.cardDetails })
    .from(emailLogs)
    .where(
      and(
        lt(emailLogs.sentAt, cutoff),
        isNull(emailLogs.filesRemovedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(emailDeliveries)
            .where(
              and(eq(emailDeliveries.sendId, emailLogs.id), inArray(emailDeliveries.status, ['pending', 'sending'])),
            ),
        ),
      ),
    )
    .orderBy(emailLogs.id)
    .limit(limit);
}

export async function listMessageKeys(db: Db, sendIds: number[]): Promise<string[]> {
  if (sendIds.length === 0) return [];
  const rows = await db
    .select({ key: emailDeliveries.emlKey })
    .from(emailDeliveries)
    .where(inArray(emailDeliveries.sendId, sendIds));
  return rows.map((row) => row.key);
}

/** Forgets the files of these entries and notes when, in one transaction; the caller then deletes the bytes. */
export async function markFilesRemoved(db: Db, sendIds: number[], keys: string[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await forgetStoredFiles(tx, keys);
    await markSendFilesRemoved(tx, sendIds, now);
  });
}

/** Which of `keys` a row of the files table refers to. */
export async function findKnownKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.select({ key: storedFiles.key }).from(storedFiles).where(inArray(storedFiles.key, keys));
  return new Set(rows.map((row) => row.key));
}
