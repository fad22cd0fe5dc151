import * as z from 'zod/mini';
import { findClient } from '#shared/clients';
import {
  resultsMapping,
  type PreviewRow,
  type ResultCodes,
  type ResultFigures,
  type ResultsImport,
  type ResultsMapping,
  type ResultsPreview,
  type ResultsSettings,
  type ResultsSummary,
  type SendResults,
  type UnattributedCode,
  type VendorResultFigures,
} from '#shared/contracts/results';
import { displayNameFromEmail } from '#shared/display-name';
import { attributeRow, statusOf } from '#shared/results/attribution';
import { ACTBLUE_MAPPING, isActBlueHeader, mappingFits } from '#shared/results/columns';
import { readRow } from '#shared/results/rows';
import { normaliseCode, normaliseEmail } from '#shared/results/values';
import { daysBefore, newYorkDate, newYorkDayStart, nextDay } from '#shared/rules/new-york-time';
import type { Db } from '#server/db/client';
import { badRequest, notFound } from '#server/errors';
import { parseInput } from '#server/validation';
import { recordAudit, type Actor } from '../audit/repository';
import { csvRecords } from './csv-records';
import { mappingForHeader, tooLargeMessage, type ResultsDeps } from './import';
import * as repo from './repository';

/** The client of a results call: one of the clients file's. */
export function knownClient(slug: string): string {
  if (!findClient(slug)) throw badRequest('client is not a known client', { field: 'client' });
  return slug;
}

const mappingParameter = z.object({ mapping: resultsMapping });

/** The `mapping` query parameter: JSON of a mapping, or none. */
export function mappingOfQuery(text: string | undefined): ResultsMapping | null {
  if (text === undefined || text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('mapping must be JSON: which column holds the id, date, amount, e-mail and codes', {
      field: 'mapping',
    });
  }
  return parseInput(mappingParameter, { mapping: value }, 'mapping').mapping;
}

export async function listImports(deps: ResultsDeps, clientSlug: string): Promise<ResultsImport[]> {
  const rows = await repo.listImports(deps.db, clientSlug);
  return rows.map(({ email, createdAt, ...row }) => ({
    ...row,
    fileName: null,
    createdAt: createdAt.toISOString(),
    createdBy: { name: email ? displayNameFromEmail(email) : 'A former user' },
  }));
}

/**
 * Deletes an import and the contributions it owns: those no later import contained (a contribution seen again belongs
 * to the latest import that had it, and stays). New-donor marks of the client are worked out again.
 */
export async function deleteImport(deps: ResultsDeps, actor: Actor, importId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const clientSlug = await repo.deleteImport(tx, importId);
    if (!clientSlug) throw notFound('There is no such results import: it may have been deleted already.');
    await repo.markNewDonors(tx, clientSlug, false);
    await recordAudit(
      tx,
      actor,
      { action: 'results-import-deleted', entity: 'result-import', entityId: importId, before: { client: clientSlug } },
      deps.clock.now(),
    );
  });
}

export function readSettings(deps: ResultsDeps, clientSlug: string): Promise<ResultsSettings> {
  return repo.readSettings(deps.db, clientSlug);
}

/** Saves the client's attribution window; a changed window re-attributes the client's rows at once. */
export async function saveWindow(
  deps: ResultsDeps,
  actor: Actor,
  clientSlug: string,
  days: number,
): Promise<ResultsSettings> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = (await repo.saveWindow(tx, clientSlug, days, now)) ?? 30;
    if (before === days) return;
    await repo.reattribute(tx, clientSlug);
    await recordAudit(
      tx,
      actor,
      {
        action: 'attribution-window-changed',
        entity: 'client',
        entityId: clientSlug,
        before: { attributionWindowDays: before },
        after: { attributionWindowDays: days },
      },
      now,
    );
  });
  return repo.readSettings(deps.db, clientSlug);
}

/**
 * Replaces the client's prior donor file: one column of e-mail addresses (a header naming 'email' is skipped), kept only
 * as keyed hashes; the client's new-donor marks are worked out again.
 */
export async function replacePriorDonors(
  deps: ResultsDeps,
  actor: Actor,
  clientSlug: string,
  body: AsyncIterable<Buffer>,
): Promise<number> {
  const hashes = new Set<string>();
  for await (const rows of csvRecords(body, {
    maxBytes: deps.maxImportBytes,
    tooLarge: tooLargeMessage(deps.maxImportBytes),
  })) {
    for (const { line, fields } of rows) {
      const value = normaliseEmail(fields[0] ?? '');
      if (line === 1 && /e-?mail/i.test(value)) continue;
      if (value === '') continue;
      if (!/^[^\s@]+@[^\s@]+$/.test(value)) {
        throw badRequest(`Line ${line}: this is not an e-mail address: the file must hold one address per line.`, {
          line,
        });
      }
      hashes.add(deps.hashDonor(value));
    }
  }
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const count = await repo.replacePriorDonors(tx, clientSlug, [...hashes]);
    await repo.markNewDonors(tx, clientSlug, false);
    await recordAudit(
      tx,
      actor,
      { action: 'prior-donors-replaced', entity: 'client', entityId: clientSlug, after: { priorDonors: count } },
      now,
    );
    return count;
  });
}

export async function deletePriorDonors(deps: ResultsDeps, actor: Actor, clientSlug: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await repo.deletePriorDonors(tx, clientSlug);
    await repo.markNewDonors(tx, clientSlug, false);
    await recordAudit(
      tx,
      actor,
      { action: 'prior-donors-deleted', entity: 'client', entityId: clientSlug },
      deps.clock.now(),
    );
  });
}

export async function listUnattributed(deps: ResultsDeps, clientSlug: string): Promise<UnattributedCode[]> {
  const [groups, codes] = await Promise.all([repo.unattributed(deps.db, clientSlug), repo.listResultCodes(deps.db)]);
  return groups.map((group) =>
    group.reason === 'ambiguous'
      ? {
          ...group,
          vendorIds: codes
            .filter((code) => code.code === group.code)
            .map((code) => code.vendorId)
            .sort(),
        }
      : group,
  );
}

async function resultCodesOf(db: Db, vendorId: string): Promise<ResultCodes> {
  const utmSource = await repo.vendorUtmSource(db, vendorId);
  if (utmSource === undefined) throw notFound(`There is no vendor ${vendorId}.`);
  return { vendorId, utmSource, codes: await repo.listVendorCodes(db, vendorId) };
}

export function readResultCodes(deps: ResultsDeps, vendorId: string): Promise<ResultCodes> {
  return resultCodesOf(deps.db, vendorId);
}

/** Adds or removes a result code of a vendor, and re-attributes every client's stored rows at once. */
export async function changeResultCode(
  deps: ResultsDeps,
  actor: Actor,
  vendorId: string,
  rawCode: string,
  change: 'add' | 'remove',
): Promise<ResultCodes> {
  const code = normaliseCode(rawCode);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (!(await repo.lockVendorRow(tx, vendorId))) throw notFound(`There is no vendor ${vendorId}.`);
    const isChanged =
      change === 'add'
        ? await repo.addVendorCode(tx, vendorId, code, now)
        : await repo.removeVendorCode(tx, vendorId, code);
    if (change === 'remove' && !isChanged) throw notFound(`'${code}' is not one of ${vendorId}'s result codes.`);
    if (isChanged) {
      await repo.reattribute(tx, null);
      await recordAudit(
        tx,
        actor,
        {
          action: change === 'add' ? 'result-code-added' : 'result-code-removed',
          entity: 'vendor',
          entityId: vendorId,
          ...(change === 'add' ? { after: { code } } : { before: { code } }),
        },
        now,
      );
    }
    return resultCodesOf(tx, vendorId);
  });
}

const ZERO: ResultFigures = { contributions: 0, donors: 0, newDonors: 0, grossCents: 0, refundedCents: 0, netCents: 0 };

function withNet(row: repo.FiguresRow | undefined): ResultFigures {
  if (!row) return { ...ZERO };
  const { vendorId: _vendorId, ...figures } = row;
  return { ...figures, netCents: row.grossCents - row.refundedCents };
}

export async function sendResults(deps: ResultsDeps, sendId: number): Promise<SendResults> {
  if (!(await repo.sendExists(deps.db, sendId))) throw notFound('There is no such send in the Deployment Log.');
  const [vendors, rows] = await Promise.all([repo.sendVendors(deps.db, sendId), repo.sendFigures(deps.db, sendId)]);
  const byVendor = new Map(rows.map((row) => [row.vendorId, row]));
  return {
    sendId,
    vendors: vendors.map(({ vendorId, name }) => ({ vendorId, name, ...withNet(byVendor.get(vendorId)) })),
    totals: withNet(byVendor.get(null)),
  };
}

/** Per vendor over the client's contributions dated in [from, to] (New York dates; default: the last 30 days). */
export async function summary(
  deps: ResultsDeps,
  clientSlug: string,
  range: { from?: string; to?: string },
): Promise<ResultsSummary> {
  const today = newYorkDate(deps.clock.now());
  const to = range.to ?? today;
  const from = range.from ?? daysBefore(to, 29);
  if (from > to) throw badRequest('from must be on or before to', { field: 'from' });
  const [rows, names] = await Promise.all([
    repo.clientFigures(deps.db, clientSlug, newYorkDayStart(from), newYorkDayStart(nextDay(to))),
    repo.vendorNames(deps.db),
  ]);
  const vendors: VendorResultFigures[] = rows
    .filter((row) => row.vendorId !== null)
    .map((row) => ({ vendorId: row.vendorId!, name: names.get(row.vendorId!) ?? row.vendorId!, ...withNet(row) }))
    .sort((a, b) => b.netCents - a.netCents || a.name.localeCompare(b.name));
  return { client: clientSlug, from, to, vendors, totals: withNet(rows.find((row) => row.vendorId === null)) };
}

const PREVIEW_ROWS = 20;
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
  for await (const rows of csvRecords(body, {
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
  if (!given && !isActBlueHeader(header)) {
    const { mapping } = await repo.readSettings(deps.db, clientSlug);
    return {
      format: 'unknown',
      columns: header,
      mapping: mapping && mappingFits(header, mapping) ? mapping : null,
      rows: [],
      counts,
    };
  }
  const read = mappingForHeader(header, given);
  const [codes, sends, settings, names] = await Promise.all([
    repo.listResultCodes(deps.db),
    repo.listClientSends(deps.db, clientSlug),
    repo.readSettings(deps.db, clientSlug),
    repo.vendorNames(deps.db),
  ]);
  const vendorsByCode = new Map<string, string[]>();
  for (const { code, vendorId } of codes)
    vendorsByCode.set(code, [...(vendorsByCode.get(code) ?? []), vendorId].sort());
  const context = { vendorsByCode, sends, windowDays: settings.attributionWindowDays };
  const rows: PreviewRow[] = [];
  for (const { line, fields } of fieldsRead) {
    const result = readRow(fields, line, read.columns.indexes, read.columns.names);
    if (!result.ok) throw badRequest(result.message, { line });
    const decision = attributeRow(result.row, context);
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
    mapping: read.format === 'actblue' ? ACTBLUE_MAPPING : read.mapping,
    rows,
    counts,
  };
}
