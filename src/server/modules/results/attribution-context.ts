import type { AttributionContext } from '#shared/results/attribution';
import type { Db } from '#server/db/client';
import * as attributionRepo from './attribution-repository';
import * as codesRepo from './codes-repository';
import * as settingsRepo from './settings-repository';

/**
 * What the shared attribution rule needs to decide a client's rows: every result code with its vendors, the client's
 * sends per vendor and its window, read once (an import reads them in its own transaction).
 */
export async function attributionContext(db: Db, clientSlug: string): Promise<AttributionContext> {
  // One after another: in a transaction the three share one connection, which takes one query at a time.
  const codes = await codesRepo.listResultCodes(db);
  const sends = await attributionRepo.listClientSends(db, clientSlug);
  const settings = await settingsRepo.readSettings(db, clientSlug);
  const vendorsByCode = new Map<string, string[]>();
  for (const { code, vendorId } of codes) vendorsByCode.set(code, [...(vendorsByCode.get(code) ?? []), vendorId]);
  for (const vendors of vendorsByCode.values()) vendors.sort();
  return { vendorsByCode, sends, windowDays: settings.attributionWindowDays };
}
