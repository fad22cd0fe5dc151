import { isDeepStrictEqual } from 'node:util';
import type { Vendor, VendorCosts, VendorSplit, VendorUtmSource } from '#shared/contracts/vendors';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { recordAudit, type Actor } from '../audit';
import { lockVendor, vendorGone, type ResultCodesChanged } from '../vendors';
import * as repo from './repository';

export interface VendorSettingsDeps {
  db: Db;
  clock: Clock;
  resultCodesChanged: ResultCodesChanged;
}

/** One kind of per-vendor setting: at most one row per vendor, written whole. */
interface Setting<T extends { vendorId: string }> {
  entity: string;
  find(db: Db, vendorId: string): Promise<T | undefined>;
  upsert(db: Db, value: T, at: Date): Promise<T>;
  /** The result codes a real change moves, attributed again in the same transaction. */
  changedCodes?(vendor: Vendor, before: T | undefined, after: T): (string | null)[];
}

const split: Setting<VendorSplit> = { entity: 'vendor_split', find: repo.findSplit, upsert: repo.upsertSplit };
const utmSource: Setting<VendorUtmSource> = {
  entity: 'vendor_utm_source',
  find: repo.findUtmSource,
  upsert: repo.upsertUtmSource,
  // The vendor's result code is its UTM source: stored results carrying the old or the new one are attributed again.
  changedCodes: (vendor, before, after) => [before?.utmSource ?? vendor.defaultUtmSource, after.utmSource],
};
const costs: Setting<VendorCosts> = { entity: 'vendor_costs', find: repo.findCosts, upsert: repo.upsertCosts };

/**
 * Creates or replaces a vendor's setting in one transaction with its audit entry. The vendor's row is locked first,
 * so a vendor deleted meanwhile answers 404 instead of leaving an orphan, and the audit's 'before' is exact.
 */
async function saveSetting<T extends { vendorId: string }>(
  { db, clock, resultCodesChanged }: VendorSettingsDeps,
  actor: Actor,
  setting: Setting<T>,
  value: T,
): Promise<{ saved: T; isCreated: boolean }> {
  return db.transaction(async (tx) => {
    const vendor = await lockVendor(tx, value.vendorId);
    if (!vendor) throw vendorGone();
    const before = await setting.find(tx, value.vendorId);
    const now = clock.now();
    const after = await setting.upsert(tx, value, now);
    // Autosave sends unchanged values too; only real changes go to the audit trail.
    if (!isDeepStrictEqual(before, after)) {
      const action = before ? 'update' : 'create';
      await recordAudit(tx, actor, { action, entity: setting.entity, entityId: value.vendorId, before, after }, now);
      if (setting.changedCodes) await resultCodesChanged(tx, setting.changedCodes(vendor, before, after));
    }
    return { saved: after, isCreated: !before };
  });
}

export const listSplits = ({ db }: VendorSettingsDeps) => repo.listSplits(db);
export const listUtmSources = ({ db }: VendorSettingsDeps) => repo.listUtmSources(db);
export const listCosts = ({ db }: VendorSettingsDeps) => repo.listCosts(db);

export const saveSplit = (deps: VendorSettingsDeps, actor: Actor, value: VendorSplit) =>
  saveSetting(deps, actor, split, value);
export const saveUtmSource = (deps: VendorSettingsDeps, actor: Actor, value: VendorUtmSource) =>
  saveSetting(deps, actor, utmSource, value);
export const saveCosts = (deps: VendorSettingsDeps, actor: Actor, value: VendorCosts) =>
  saveSetting(deps, actor, costs, value);
