import type { FastifyBaseLogger } from 'fastify';
import type { ResultsImportCounts, ResultsMapping } from '#shared/contracts/results';
import { recordAudit } from '../audit';
import { attributionContext } from './attribution-context';
import * as attributionRepo from './attribution-repository';
import * as importRepo from './import-repository';
import { refreshSendFigures } from './figures-repository';
import type { ReadFormat } from './read-rows';
import { readInThread } from './read-thread';
import * as settingsRepo from './settings-repository';
import { openStaging } from './staging-repository';
import type { AuthenticatedUser } from '../session';
import type { ReadCache } from '#server/cache/read-cache';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';

export interface ResultsDeps {
  db: Db;
  clock: Clock;
  /** Keeps the client summaries until their tables change. */
  cache: ReadCache;
  /** The key of the donors' hashes (donor-hash.ts), for the thread that reads a file. */
  donorKey: Uint8Array | undefined;
  /** The keyed hash of a normalised e-mail (donor-hash.ts). */
  hashDonor: (normalisedEmail: string) => string;
  /** The largest results file accepted, in bytes (RESULTS_MAX_MB). */
  maxImportBytes: number;
  /** Where a reading thread that cannot start is logged. */
  log?: FastifyBaseLogger;
}

export { mappingForHeader, tooLargeMessage } from './read-rows';

/**
 * Imports one export for a client as ONE transaction: the body is read as it arrives, in a thread of its own
 * (read-thread.ts: New York dates to UTC, amounts to cents, e-mails to their keyed hash, the vendor and send by the
 * shared attribution rule), its lines streamed into a staging table by COPY; at the end set-based SQL upserts and
 * marks new donors. Any bad row throws, and nothing stays.
 */
export async function importResults(
  deps: ResultsDeps,
  user: AuthenticatedUser,
  clientSlug: string,
  given: ResultsMapping | null,
  body: AsyncIterable<Buffer>,
): Promise<ResultsImportCounts> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const importId = await importRepo.insertImport(tx, clientSlug, user.id, now);
    const context = await attributionContext(tx, clientSlug);
    const staging = await openStaging(tx);
    let read: ReadFormat;
    try {
      const setup = { given, context, donorKey: deps.donorKey, maxBytes: deps.maxImportBytes };
      read = await readInThread(body, setup, (text) => staging.write(text), deps.log);
      await staging.end();
    } catch (error) {
      staging.abort(error as Error);
      throw error;
    }
    await importRepo.checkStaged(tx);
    const counts = await importRepo.upsertStaged(tx, clientSlug, importId);
    // A contribution whose date, amount or donor changed may move a donor's first contribution anywhere: all again.
    if (counts.updated > 0) await attributionRepo.markNewDonors(tx, clientSlug, true);
    await refreshSendFigures(tx, clientSlug);
    await importRepo.saveImportCounts(tx, importId, counts);
    if (read.format === 'mapped') await settingsRepo.saveMapping(tx, clientSlug, read.mapping, now);
    await recordAudit(
      tx,
      user,
      {
        action: 'results-imported',
        entity: 'result-import',
        entityId: importId,
        after: { client: clientSlug, ...counts },
      },
      now,
    );
    return { id: importId, ...counts };
  });
}
