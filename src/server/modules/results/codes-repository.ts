import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { vendorResultCodes } from '#server/db/schema';

/** Every result code: each vendor's UTM source (its override, else its default) and the codes an admin added. */
export async function listResultCodes(db: Db): Promise<{ code: string; vendorId: string }[]> {
  const result = await db.execute<{ code: string; vendor_id: string }>(sql`
    SELECT lower(trim(coalesce(u.utm_source, v.default_utm_source))) AS code, v.vendor_id
      FROM vendors v LEFT JOIN vendor_utm_sources u ON u.vendor_id = v.vendor_id
    UNION
    SELECT code, vendor_id FROM vendor_result_codes`);
  return result.rows.filter((row) => row.code !== '').map((row) => ({ code: row.code, vendorId: row.vendor_id }));
}
export async function vendorUtmSource(db: Db, vendorId: string): Promise<string | undefined> {
  const result = await db.execute<{ utm: string }>(sql`
    SELECT coalesce(u.utm_source, v.default_utm_source) AS utm
      FROM vendors v LEFT JOIN vendor_utm_sources u ON u.vendor_id = v.vendor_id WHERE v.vendor_id = ${vendorId}`);
  return result.rows[0]?.utm;
}

export async function listVendorCodes(db: Db, vendorId: string): Promise<string[]> {
  const rows = await db
    .select({ code: vendorResultCodes.code })
    .from(vendorResultCodes)
    .where(eq(vendorResultCodes.vendorId, vendorId))
    .orderBy(vendorResultCodes.code);
  return rows.map((row) => row.code);
}

export async function addVendorCode(tx: Db, vendorId: string, code: string, at: Date): Promise<boolean> {
  const rows = await tx
    .insert(vendorResultCodes)
    .values({ vendorId, code, createdAt: at })
    .onConflictDoNothing()
    .returning({ code: vendorResultCodes.code });
  return rows.length > 0;
}

export async function removeVendorCode(tx: Db, vendorId: string, code: string): Promise<boolean> {
  const rows = await tx
    .delete(vendorResultCodes)
    .where(and(eq(vendorResultCodes.vendorId, vendorId), eq(vendorResultCodes.code, code)))
    .returning({ code: vendorResultCodes.code });
  return rows.length > 0;
}

/** Locks the vendor's row (result code changes of one vendor run one after another); false when there is none. */
export async function lockVendorRow(tx: Db, vendorId: string): Promise<boolean> {
  const result = await tx.execute(sql`SELECT 1 FROM vendors WHERE vendor_id = ${vendorId} FOR UPDATE`);
  return result.rows.length > 0;
}
