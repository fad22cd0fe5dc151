import type { SendEntry } from '#shared/contracts/sends';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import type { FileStorage } from '#server/storage/storage';
import { deleteEndedWindows } from '../rate-limits';
import * as repo from './repository';

const DAY_MS = 86_400_000;
/** A blob no row refers to is removed once it is this old: a send writes its files seconds before its rows. */
export const ORPHAN_AGE_MS = DAY_MS;
const BATCH = 100;

export interface RetentionDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  /** Days the files of a send are kept; undefined keeps them forever (orphans are still removed). */
  retentionDays: number | undefined;
}

export interface RetentionReport {
  logsCleared: number;
  filesRemoved: number;
  orphansRemoved: number;
  /** Rate-limit counts whose window had ended. */
  rateLimitRowsRemoved: number;
}

type CardDetails = SendEntry['cardDetails'];

function cardFileKeys(details: CardDetails): string[] {
  return [
    ...details.emailCards.flatMap((card) => [card.htmlFileKey, card.csvFileKey]),
    ...details.textCards.flatMap((card) => [card.csvFileKey, card.imageFileKey]),
  ].filter((key): key is string => key !== null);
}

/** Removes the stored files and raw messages of entries older than the retention period, keeping the entries. */
export async function removeExpiredFiles(
  deps: RetentionDeps,
): Promise<Pick<RetentionReport, 'logsCleared' | 'filesRemoved'>> {
  const report = { logsCleared: 0, filesRemoved: 0 };
  if (deps.retentionDays === undefined) return report;
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - deps.retentionDays * DAY_MS);
  for (;;) {
    const logs = await repo.findExpiredLogs(deps.db, cutoff, BATCH);
    if (logs.length === 0) return report;
    const ids = logs.map((log) => log.id);
    const keys = [
      ...new Set([
        ...logs.flatMap((log) => cardFileKeys(log.cardDetails)),
        ...(await repo.listMessageKeys(deps.db, ids)),
      ]),
    ];
    // Rows first: a crash after this leaves blobs no row refers to, which the orphan sweep removes.
    await repo.markFilesRemoved(deps.db, ids, keys, now);
    await Promise.all(keys.map((key) => deps.storage.delete(key)));
    report.logsCleared += logs.length;
    report.filesRemoved += keys.length;
  }
}

/** Removes blobs that no row refers to and that are old enough not to belong to a send being written right now. */
export async function removeOrphanFiles(deps: Pick<RetentionDeps, 'db' | 'clock' | 'storage'>): Promise<number> {
  const olderThan = deps.clock.now().getTime() - ORPHAN_AGE_MS;
  let removed = 0;
  let batch: string[] = [];
  const sweep = async () => {
    const known = await repo.findKnownKeys(deps.db, batch);
    const orphans = batch.filter((key) => !known.has(key));
    await Promise.all(orphans.map((key) => deps.storage.delete(key)));
    removed += orphans.length;
    batch = [];
  };
  for await (const object of deps.storage.list()) {
    if (object.modifiedAt.getTime() >= olderThan) continue;
    batch.push(object.key);
    if (batch.length >= 500) await sweep();
  }
  if (batch.length > 0) await sweep();
  return removed;
}

export async function runRetention(deps: RetentionDeps): Promise<RetentionReport> {
  const expired = await removeExpiredFiles(deps);
  const orphansRemoved = await removeOrphanFiles(deps);
  const rateLimitRowsRemoved = await deleteEndedWindows(deps.db, deps.clock.now());
  return { ...expired, orphansRemoved, rateLimitRowsRemoved };
}

/** Runs retention if no instance has run it within `everyMs`; null when another run had it. */
export async function runRetentionOnce(deps: RetentionDeps, everyMs: number): Promise<RetentionReport | null> {
  if (!(await repo.claimTaskRun(deps.db, 'retention', deps.clock.now(), everyMs))) return null;
  return runRetention(deps);
}
