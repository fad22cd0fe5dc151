import type { ResultsSettings } from '#shared/contracts/results';
import { normaliseEmail } from '#shared/results/values';
import { badRequest } from '#server/errors';
import { recordAudit, type Actor } from '../audit';
import { csvRecords } from './csv-records';
import { tooLargeMessage, type ResultsDeps } from './import';
import * as attributionRepo from './attribution-repository';
import { reattribute } from './reattribution';
import { refreshSendFigures } from './figures-repository';
import * as settingsRepo from './settings-repository';

export function readSettings(deps: ResultsDeps, clientSlug: string): Promise<ResultsSettings> {
  return settingsRepo.readSettings(deps.db, clientSlug);
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
    const before = (await settingsRepo.saveWindow(tx, clientSlug, days, now)) ?? 30;
    if (before === days) return;
    await reattribute(tx, clientSlug);
    await refreshSendFigures(tx, clientSlug);
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
  return settingsRepo.readSettings(deps.db, clientSlug);
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
    const count = await settingsRepo.replacePriorDonors(tx, clientSlug, [...hashes]);
    await attributionRepo.markNewDonors(tx, clientSlug, false);
    await refreshSendFigures(tx, clientSlug);
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
    await settingsRepo.deletePriorDonors(tx, clientSlug);
    await attributionRepo.markNewDonors(tx, clientSlug, false);
    await refreshSendFigures(tx, clientSlug);
    await recordAudit(
      tx,
      actor,
      { action: 'prior-donors-deleted', entity: 'client', entityId: clientSlug },
      deps.clock.now(),
    );
  });
}
