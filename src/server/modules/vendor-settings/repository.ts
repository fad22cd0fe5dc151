import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { VendorCosts, VendorSplit, VendorUtmSource } from '#shared/contracts/vendors';
import type { Db } from '#server/db/client';
import { vendorCosts, vendorSplits, vendorUtmSources } from '#server/db/schema';

const splitColumns = { vendorId: vendorSplits.vendorId, splitRatio: vendorSplits.splitRatio };
const utmSourceColumns = { vendorId: vendorUtmSources.vendorId, utmSource: vendorUtmSources.utmSource };
// Every column but the row's own time stamp (the answer's shape).
const { updatedAt: _updatedAt, ...costColumns } = getTableColumns(vendorCosts);

export function listSplits(db: Db): Promise<VendorSplit[]> {
  return db.select(splitColumns).from(vendorSplits).orderBy(asc(vendorSplits.vendorId));
}

export async function findSplit(db: Db, vendorId: string): Promise<VendorSplit | undefined> {
  const [row] = await db.select(splitColumns).from(vendorSplits).where(eq(vendorSplits.vendorId, vendorId));
  return row;
}

/** One statement: inserts the vendor's split or replaces it. */
export async function upsertSplit(db: Db, { vendorId, splitRatio }: VendorSplit, at: Date): Promise<VendorSplit> {
  const [row] = await db
    .insert(vendorSplits)
    .values({ vendorId, splitRatio, updatedAt: at })
    .onConflictDoUpdate({ target: vendorSplits.vendorId, set: { splitRatio, updatedAt: at } })
    .returning(splitColumns);
  return row!;
}

export function listUtmSources(db: Db): Promise<VendorUtmSource[]> {
  return db.select(utmSourceColumns).from(vendorUtmSources).orderBy(asc(vendorUtmSources.vendorId));
}

export async function findUtmSource(db: Db, vendorId: string): Promise<VendorUtmSource | undefined> {
  const [row] = await db.select(utmSourceColumns).from(vendorUtmSources).where(eq(vendorUtmSources.vendorId, vendorId));
  return row;
}

export async function upsertUtmSource(
  db: Db,
  { vendorId, utmSource }: VendorUtmSource,
  at: Date,
): Promise<VendorUtmSource> {
  const [row] = await db
    .insert(vendorUtmSources)
    .values({ vendorId, utmSource, updatedAt: at })
    .onConflictDoUpdate({ target: vendorUtmSources.vendorId, set: { utmSource, updatedAt: at } })
    .returning(utmSourceColumns);
  return row!;
}

export function listCosts(db: Db): Promise<VendorCosts[]> {
  return db.select(costColumns).from(vendorCosts).orderBy(asc(vendorCosts.vendorId));
}

export async function findCosts(db: Db, vendorId: string): Promise<VendorCosts | undefined> {
  const [row] = await db.select(costColumns).from(vendorCosts).where(eq(vendorCosts.vendorId, vendorId));
  return row;
}

/** Replaces all six figures at once; numeric(12,2) rounds each to the cent. */
export async function upsertCosts(db: Db, { vendorId, ...figures }: VendorCosts, at: Date): Promise<VendorCosts> {
  const [row] = await db
    .insert(vendorCosts)
    .values({ vendorId, ...figures, updatedAt: at })
    .onConflictDoUpdate({ target: vendorCosts.vendorId, set: { ...figures, updatedAt: at } })
    .returning(costColumns);
  return row!;
}
