import type { ResultCodes } from '#shared/contracts/results';
import { normaliseCode } from '#shared/results/values';
import type { Db } from '#server/db/client';
import { notFound } from '#server/errors';
import { recordAudit, type Actor } from '../audit/repository';
import type { ResultsDeps } from './import';
import * as attributionRepo from './attribution-repository';
import { refreshSendFigures } from './figures-repository';
import * as codesRepo from './codes-repository';

async function resultCodesOf(db: Db, vendorId: string): Promise<ResultCodes> {
  const utmSource = await codesRepo.vendorUtmSource(db, vendorId);
  if (utmSource === undefined) throw notFound(`There is no vendor ${vendorId}.`);
  return { vendorId, utmSource, codes: await codesRepo.listVendorCodes(db, vendorId) };
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
      await attributionRepo.reattribute(tx, null);
      await refreshSendFigures(tx, null);
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
