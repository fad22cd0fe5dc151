import type { ResultsMapping } from '#shared/contracts/results';
import { attributeRow, type AttributionContext } from '#shared/results/attribution';
import { ACTBLUE_MAPPING, isActBlueHeader, NOT_ACTBLUE, resolveColumns } from '#shared/results/columns';
import { readRow } from '#shared/results/rows';
import { badRequest } from '#server/errors';
import { csvPartRows, type CsvRow } from './csv-records';
import { createDonorHasher } from './donor-hash';
import { CODE_SEPARATOR, stagedLine } from './staged-row';

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

/** What reading a file needs besides its bytes. */
export interface ReadingSetup {
  given: ResultsMapping | null;
  context: AttributionContext;
  donorKey: Uint8Array | undefined;
  maxBytes: number;
}

export interface ReadFormat {
  format: 'actblue' | 'mapped';
  mapping: ResultsMapping;
}

/**
 * What reads the rows of a file with this header: each row with the mapping (New York dates to UTC, amounts to cents),
 * its donor's e-mail to the keyed hash, its vendor and send by the shared attribution rule, as a line of the staging
 * table (staged-row.ts). A bad row throws (400, naming its line and column).
 */
export function rowsReader(header: readonly string[], setup: ReadingSetup): (rows: readonly CsvRow[]) => string {
  const read = mappingForHeader(header, setup.given);
  const hashDonor = createDonorHasher(setup.donorKey);
  return (rows) => {
    let text = '';
    for (const { line, fields } of rows) {
      const result = readRow(fields, line, read.columns.indexes, read.columns.names);
      if (!result.ok) throw badRequest(result.message, { line });
      const row = result.row;
      // Only a gift is attributed (a reversal follows its contribution; a skipped row is no gift).
      const decision = row.kind === 'gift' ? attributeRow(row, setup.context) : null;
      text += stagedLine([
        line,
        row.sourceId,
        row.contributedAt.toISOString(),
        row.amountCents,
        row.recurrenceNumber,
        row.email === null || row.kind !== 'gift' ? null : hashDonor(row.email),
        row.codes.map((code) => code.replaceAll(CODE_SEPARATOR, '')).join(CODE_SEPARATOR),
        row.campaign,
        row.refundedCents,
        row.refundedAt ? row.refundedAt.toISOString() : null,
        row.kind,
        row.reversesId,
        decision?.vendorId ?? null,
        decision?.sendId ?? null,
        decision?.attribution ?? row.skipReason ?? 'not-counted:reversal',
        decision?.code ?? null,
      ]);
    }
    return text;
  };
}

/** What reads a part of the file (bytes of whole records, csv-parts.ts) into staging lines: rowsReader over its rows. */
export function partReader(
  header: readonly string[],
  setup: ReadingSetup,
): (bytes: Buffer, firstLine: number) => string {
  const read = rowsReader(header, setup);
  return (bytes, firstLine) => read(csvPartRows(bytes.toString('utf8'), firstLine).rows);
}
