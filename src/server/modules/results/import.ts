import type { ResultsImportCounts, ResultsMapping } from '#shared/contracts/results';
import { ACTBLUE_MAPPING, isActBlueHeader, NOT_ACTBLUE, resolveColumns } from '#shared/results/columns';
import { attributeRow } from '#shared/results/attribution';
import { readRow } from '#shared/results/rows';
import { badRequest } from '#server/errors';
import { recordAudit } from '../audit/repository';
import { attributionContext } from './attribution-context';
import { csvRecords } from './csv-records';
import { memoisedHasher } from './donor-hash';
import * as attributionRepo from './attribution-repository';
import * as importRepo from './import-repository';
import { refreshSendFigures } from './figures-repository';
import * as settingsRepo from './settings-repository';
import type { AuthenticatedUser } from '../session/service';
import type { ReadCache } from '#server/cache/read-cache';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';

export interface ResultsDeps {
  db: Db;
  clock: Clock;
  /** Keeps the client summaries until their tables change. */
  cache: ReadCache;
  /** The keyed hash of a normalised e-mail (donor-hash.ts). */
  hashDonor: (normalisedEmail: string) => string;
  /** The largest results file accepted, in bytes (RESULTS_MAX_MB). */
  maxImportBytes: number;
}

/** Rows sent to the staging table in one statement. */
const BATCH_ROWS = 5_000;

export function tooLargeMessage(maxBytes: number): string {
  return `The file is too large: a results file may be at most ${Math.floor(maxBytes / 1024 / 1024)} MB. Export a shorter date range and import each part.`;
}

/** The mapping a file is read with: the one given, else ActBlue's when the header is ActBlue's. */
export function mappingForHeader(header: readonly string[], given: ResultsMapping | null) {
  if (given) {
    const columns = resolveColumns(header, given, false);
    if (!columns.ok) throw badRequest(columns.message, { missing: columns.missing });
    return { mapping: given, columns, format: 'mapped' as const };
  }
  if (!isActBlueHeader(header)) throw badRequest(NOT_ACTBLUE, { columns: header });
  const columns = resolveColumns(header, ACTBLUE_MAPPING, true);
  if (!columns.ok) throw badRequest(columns.message, { missing: columns.missing });
  return { mapping: ACTBLUE_MAPPING, columns, format: 'actblue' as const };
}

/**
 * Imports one export for a client as ONE transaction: the body is parsed as it arrives, each batch of rows read in
 * JavaScript (New York dates to UTC, amounts to cents, e-mails to their keyed hash, the vendor and send by the shared
 * attribution rule) and sent to a staging table in one statement; at the end set-based SQL upserts and marks new
 * donors. Any bad row throws, and nothing stays.
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
    await importRepo.createStaging(tx);
    const importId = await importRepo.insertImport(tx, clientSlug, user.id, now);
    const context = await attributionContext(tx, clientSlug);
    const hashDonor = memoisedHasher(deps.hashDonor);
    let read: ReturnType<typeof mappingForHeader> | null = null;
    let batch = importRepo.emptyBatch();
    const records = csvRecords(body, {
      maxBytes: deps.maxImportBytes,
      tooLarge: tooLargeMessage(deps.maxImportBytes),
    });
    for await (const rows of records) {
      for (const { line, fields } of rows) {
        if (!read) {
          read = mappingForHeader(fields, given);
          continue;
        }
        const result = readRow(fields, line, read.columns.indexes, read.columns.names);
        if (!result.ok) throw badRequest(result.message, { line });
        const row = result.row;
        batch.line.push(line);
        batch.sourceId.push(row.sourceId);
        batch.contributedAt.push(row.contributedAt.toISOString());
        batch.amountCents.push(String(row.amountCents));
        batch.refundedCents.push(String(row.refundedCents));
        batch.refundedAt.push(row.refundedAt ? row.refundedAt.toISOString() : null);
        batch.recurrenceNumber.push(row.recurrenceNumber);
        batch.donorHash.push(row.email === null ? null : hashDonor(row.email));
        batch.codes.push(
          row.codes.map((code) => code.replaceAll(importRepo.CODE_SEPARATOR, '')).join(importRepo.CODE_SEPARATOR),
        );
        batch.campaign.push(row.campaign);
        const decision = attributeRow(row, context);
        batch.vendorId.push(decision.vendorId);
        batch.sendId.push(decision.sendId);
        batch.attribution.push(decision.attribution);
        batch.matchedCode.push(decision.code);
      }
      if (batch.line.length >= BATCH_ROWS) {
        await importRepo.stageBatch(tx, batch);
        batch = importRepo.emptyBatch();
      }
    }
    if (!read) throw badRequest('The file is empty: it has no header row and no contributions.');
    if (batch.line.length > 0) await importRepo.stageBatch(tx, batch);
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
