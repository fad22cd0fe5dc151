import { isDeepStrictEqual } from 'node:util';
import type { Vendor } from '#shared/contracts/vendors';
import type { Clock } from '#server/clock';
import type { Db, Tx } from '#server/db/client';
import { conflict, notFound } from '#server/errors';
import { recordAudit, type Actor } from '../audit';
import * as repo from './repository';

/**
 * Stored results carrying one of these codes are attributed again, in the caller's transaction. Results sits above the
 * vendors, so they never call it: the app hands results' re-attribution in (app-context.ts).
 */
export type ResultCodesChanged = (tx: Tx, codes: readonly (string | null | undefined)[]) => Promise<void>;

export interface VendorsDeps {
  db: Db;
  clock: Clock;
  resultCodesChanged: ResultCodesChanged;
}

/** The answer to any write about a vendor that is no longer there, typically deleted by someone else meanwhile. */
export const vendorGone = () => notFound('This vendor no longer exists. It may have been deleted by someone else.');

export function listVendors({ db }: VendorsDeps): Promise<Vendor[]> {
  return repo.listVendors(db);
}

export async function createVendor(
  { db, clock, resultCodesChanged }: VendorsDeps,
  actor: Actor,
  input: Vendor,
): Promise<Vendor> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const vendor = await repo.insertVendor(tx, input, now);
    if (!vendor) throw conflict(`A vendor with the ID '${input.vendorId}' already exists.`);
    await recordAudit(tx, actor, { action: 'create', entity: 'vendor', entityId: vendor.vendorId, after: vendor }, now);
    // Its UTM source is a result code now: stored results that carry it can be its.
    await resultCodesChanged(tx, [vendor.defaultUtmSource]);
    return vendor;
  });
}

/** Replaces the vendor's name, addresses, default UTM source and hub keys; the last of two concurrent edits wins whole. */
export async function updateVendor(
  { db, clock, resultCodesChanged }: VendorsDeps,
  actor: Actor,
  vendorId: string,
  changes: Omit<Vendor, 'vendorId'>,
): Promise<Vendor> {
  return db.transaction(async (tx) => {
    const before = await repo.lockVendor(tx, vendorId);
    if (!before) throw vendorGone();
    const now = clock.now();
    const after = await repo.updateVendor(tx, vendorId, changes, now);
    if (!after) throw vendorGone();
    if (!isDeepStrictEqual(before, after)) {
      await recordAudit(tx, actor, { action: 'update', entity: 'vendor', entityId: vendorId, before, after }, now);
      if (before.defaultUtmSource !== after.defaultUtmSource) {
        await resultCodesChanged(tx, [before.defaultUtmSource, after.defaultUtmSource]);
      }
    }
    return after;
  });
}

/** Deletes the vendor with its split, UTM override and costs; the audit entry keeps all of them. */
export async function deleteVendor({ db, clock }: VendorsDeps, actor: Actor, vendorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const vendor = await repo.lockVendor(tx, vendorId);
    if (!vendor) throw vendorGone();
    const settings = await repo.findVendorSettings(tx, vendorId);
    await repo.deleteVendor(tx, vendorId);
    await recordAudit(
      tx,
      actor,
      { action: 'delete', entity: 'vendor', entityId: vendorId, before: { ...vendor, ...settings } },
      clock.now(),
    );
  });
}
