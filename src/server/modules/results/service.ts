import * as z from 'zod/mini';
import { findClient } from '#shared/clients';
import { resultsMapping, type ResultsImport, type ResultsMapping } from '#shared/contracts/results';
import { displayNameFromEmail } from '#shared/display-name';
import { badRequest, notFound } from '#server/errors';
import { parseInput } from '#server/validation';
import { recordAudit, type Actor } from '../audit';
import type { ResultsDeps } from './import';
import * as attributionRepo from './attribution-repository';
import * as importRepo from './import-repository';
import { refreshSendFigures } from './figures-repository';

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
  const rows = await importRepo.listImports(deps.db, clientSlug);
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
    const clientSlug = await importRepo.deleteImport(tx, importId);
    if (!clientSlug) throw notFound('There is no such results import: it may have been deleted already.');
    await attributionRepo.markNewDonors(tx, clientSlug, false);
    await refreshSendFigures(tx, clientSlug);
    await recordAudit(
      tx,
      actor,
      { action: 'results-import-deleted', entity: 'result-import', entityId: importId, before: { client: clientSlug } },
      deps.clock.now(),
    );
  });
}
