import type { PreviewRow, ResultsMapping, ResultsPreview } from '#shared/contracts/results';
import { attributeRow, statusOf } from '#shared/results/attribution';
import { ACTBLUE_MAPPING, isActBlueHeader, mappingFits } from '#shared/results/columns';
import { readRow } from '#shared/results/rows';
import { badRequest } from '#server/errors';
import { csvRecords } from './csv-records';
import { mappingForHeader, tooLargeMessage, type ResultsDeps } from './import';
import { attributionContext } from './attribution-context';
import * as figuresRepo from './figures-repository';
import * as settingsRepo from './settings-repository';

const PREVIEW_ROWS = 20;
/** Rows whose values the mapping step shows under each column. */
const SAMPLE_ROWS = 3;
/** What the preview reads of the start of a file at most; the client sends at most 256 KB. */
export const PREVIEW_MAX_BYTES = 512 * 1024;

/**
 * The start of a file as it would import, stored nowhere: its format and columns, the first rows as mapped and
 * attributed with the same rule as the import, and the counts over the rows read.
 */
export async function previewImport(
  deps: ResultsDeps,
  clientSlug: string,
  given: ResultsMapping | null,
  body: AsyncIterable<Buffer>,
): Promise<ResultsPreview> {
  let header: string[] | null = null;
  const fieldsRead: { line: number; fields: string[] }[] = [];
  // The browser sends the file's first 256 KB: a body that does not end at a line break may end in a cut row.
  let lastByte = -1;
  const watched = (async function* () {
    for await (const chunk of body) {
      if (chunk.length > 0) lastByte = chunk[chunk.length - 1]!;
      yield chunk;
    }
  })();
  for await (const rows of csvRecords(watched, {
    maxBytes: Number.MAX_SAFE_INTEGER,
    tooLarge: tooLargeMessage(deps.maxImportBytes),
    maxChars: PREVIEW_MAX_BYTES,
  })) {
    for (const row of rows) {
      if (!header) header = row.fields;
      else fieldsRead.push(row);
    }
  }
  if (!header) throw badRequest('The file is empty: it has no header row and no contributions.');
  const counts = { rows: 0, matched: 0, unmatched: 0, outsideWindow: 0 };
  const samples = fieldsRead.slice(0, SAMPLE_ROWS).map(({ fields }) => fields.map((value) => value.slice(0, 60)));
  if (!given && !isActBlueHeader(header)) {
    const { mapping } = await settingsRepo.readSettings(deps.db, clientSlug);
    return {
      format: 'unknown',
      columns: header,
      samples,
      mapping: mapping && mappingFits(header, mapping) ? mapping : null,
      rows: [],
      counts,
    };
  }
  const read = mappingForHeader(header, given);
  const [context, names] = await Promise.all([
    attributionContext(deps.db, clientSlug),
    figuresRepo.vendorNames(deps.db),
  ]);
  const rows: PreviewRow[] = [];
  const mayBeCut = lastByte !== 0x0a && lastByte !== 0x0d;
  for (const [index, { line, fields }] of fieldsRead.entries()) {
    const result = readRow(fields, line, read.columns.indexes, read.columns.names);
    // A last row that does not read, in a body cut short, is the cut: left out of the preview.
    if (!result.ok && mayBeCut && index === fieldsRead.length - 1) break;
    if (!result.ok) throw badRequest(result.message, { line });
    const row = result.row;
    if (row.kind !== 'gift') {
      // A reversal or a skipped row: shown as it reads (a reversal's amount negative), never attributed or counted.
      if (rows.length < PREVIEW_ROWS) {
        rows.push({
          line,
          id: row.reversesId ?? row.sourceId,
          date: row.contributedAt.toISOString(),
          amountCents: row.kind === 'skip' ? 0 : -row.amountCents,
          codes: row.codes,
          campaign: row.campaign,
          vendorId: null,
          vendorName: null,
          sendId: null,
          status: 'not-counted',
        });
      }
      continue;
    }
    const decision = attributeRow(row, context);
    const status = statusOf(decision.attribution);
    counts.rows += 1;
    if (status === 'matched') counts.matched += 1;
    else if (status === 'unmatched') counts.unmatched += 1;
    else if (status === 'outside-window') counts.outsideWindow += 1;
    if (rows.length < PREVIEW_ROWS) {
      rows.push({
        line,
        id: result.row.sourceId,
        date: result.row.contributedAt.toISOString(),
        amountCents: result.row.amountCents,
        codes: result.row.codes,
        campaign: result.row.campaign,
        vendorId: decision.vendorId,
        vendorName: decision.vendorId ? (names.get(decision.vendorId) ?? decision.vendorId) : null,
        sendId: decision.sendId,
        status,
      });
    }
  }
  return {
    format: read.format,
    columns: header,
    samples,
    mapping: read.format === 'actblue' ? ACTBLUE_MAPPING : read.mapping,
    rows,
    counts,
  };
}
