import type { ResultCodes } from '#shared/contracts/results';
import { normaliseCode } from '#shared/results/values';
import type { Db } from '#server/db/client';
import { notFound } from '#server/errors';
import { recordAudit, type Actor } from '../audit';
import type { ResultsDeps } from './import';
import { reattribute } from './reattribution';
import { refreshSendFigures } from './figures-repository';
import * as codesRepo from './codes-repository';

async function resultCodesOf(db: Db, vendorId: string): Promise<ResultCodes> {
  const utmSource = await codesRepo.vendorUtmSource(db, vendorId);
  if (utmSource === undefined) throw notFound(`There is no vendor ${vendorId}.`);
  return { vendorId, utmSource, codes: await codesRepo.listVendorCodes(db, vendorId) };
}

/**
 * Attributes again, in the caller's transaction, every client's stored rows that carry one of these codes (as written:
 * normalised here), and rewrites the kept figures: what a change of result codes (a code added or removed, a vendor's
 * UTM source or its override changed, a vendor added) calls once the change is written.
 */
export async function reattributeCodes(tx: Db, codes: readonly (string | null | undefined)[]): Promise<void> {
  const normalised = [...new Set(codes.map((code) => normaliseCode(code ?? '')).filter((code) => code !== ''))];
  if (normalised.length === 0) return;
  if ((await reattribute(tx, null, normalised)) > 0) await refreshSendFigures(tx, null);
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
    if (!(await codesRepo.lockVendorRow(tx, vendorId))) throw notFound(`There is no vendor ${vendorId}.`);
    const isChanged =
      change === 'add'
        ? await codesRepo.addVendorCode(tx, vendorId, code, now)
        : await codesRepo.removeVendorCode(tx, vendorId, code);
    if (change === 'remove' && !isChanged) throw notFound(`'${code}' is not one of ${vendorId}'s result codes.`);
    if (isChanged) {
      await reattributeCodes(tx, [code]);
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
