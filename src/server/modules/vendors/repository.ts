import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { Vendor } from '#shared/contracts/vendors';
import type { Db } from '#server/db/client';
import { vendorCosts, vendors, vendorSplits, vendorUtmSources } from '#server/db/schema';

/** The columns of a vendor as the API shows it. */
const vendorColumns = {
  vendorId: vendors.vendorId,
  name: vendors.name,
  emails: vendors.emails,
  defaultUtmSource: vendors.defaultUtmSource,
  emailProspectingKey: vendors.emailProspectingKey,
  textProspectingKey: vendors.textProspectingKey,
};

export function listVendors(db: Db): Promise<Vendor[]> {
  return db.select(vendorColumns).from(vendors).orderBy(asc(vendors.name), asc(vendors.vendorId));
}

/** Inserts the vendor; undefined when its vendorId is taken. */
export async function insertVendor(db: Db, vendor: Vendor, at: Date): Promise<Vendor | undefined> {
  const [row] = await db
    .insert(vendors)
    .values({ ...vendor, createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: vendors.vendorId })
    .returning(vendorColumns);
  return row;
}

/**
 * Reads the vendor and locks its row until the transaction ends. Every write that concerns one vendor starts here,
 * so writes to the same vendor run one after another, and a vendor deleted meanwhile reads as undefined.
 */
export async function lockVendor(db: Db, vendorId: string): Promise<Vendor | undefined> {
  const [row] = await db.select(vendorColumns).from(vendors).where(eq(vendors.vendorId, vendorId)).for('update');
  return row;
}

export async function updateVendor(
  db: Db,
  vendorId: string,
  changes: Omit<Vendor, 'vendorId'>,
  at: Date,
): Promise<Vendor | undefined> {
  const [row] = await db
    .update(vendors)
    .set({ ...changes, updatedAt: at })
    .where(eq(vendors.vendorId, vendorId))
    .returning(vendorColumns);
  return row;
}

/** Deletes the vendor; its split, UTM override and costs go with it (ON DELETE CASCADE). */
export async function deleteVendor(db: Db, vendorId: string): Promise<void> {
  await db.delete(vendors).where(eq(vendors.vendorId, vendorId));
}

const { updatedAt: _updatedAt, ...costColumns } = getTableColumns(vendorCosts);

/** Everything hanging off one vendor, in one query (for the audit entry of its deletion): a read of the vendor settings' tables, which that module writes. */
export async function findVendorSettings(db: Db, vendorId: string) {
  const [row] = await db
    .select({
      splitRatio: vendorSplits.splitRatio,
      utmSource: vendorUtmSources.utmSource,
      ...costColumns,
    })
    .from(vendors)
    .leftJoin(vendorSplits, eq(vendorSplits.vendorId, vendors.vendorId))
    .leftJoin(vendorUtmSources, eq(vendorUtmSources.vendorId, vendors.vendorId))
    .leftJoin(vendorCosts, eq(vendorCosts.vendorId, vendors.vendorId))
    .where(eq(vendors.vendorId, vendorId));
  if (!row) return undefined;
  // vendorId here is the cost row's: null when the vendor has no costs.
  const { splitRatio, utmSource, vendorId: costsVendorId, ...costs } = row;
  return { splitRatio, utmSource, costs: costsVendorId === null ? null : costs };
}
