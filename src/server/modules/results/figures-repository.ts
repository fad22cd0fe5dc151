import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import type { ReversalKind } from '#shared/contracts/results';
import {
  contributionReversals,
  contributions,
  sendFigures as sendFiguresTable,
  sendVendorFigures,
} from '#server/db/schema';
import { toNumber } from './numbers';

export interface FiguresRow {
  vendorId: string | null;
  contributions: number;
  donors: number;
  newDonors: number;
  grossCents: number;
  refundedCents: number;
  chargebackCents: number;
}

/**
 * The figures' counting rules (decision 0039) as the select list of an aggregate over contributions, for any grouping:
 * contributions, donors, new_donors, gross, refunded. Payouts group them by send and vendor.
 */
export const FIGURE_AGGREGATES = sql`count(*) AS contributions,
           count(DISTINCT donor_hash) FILTER (WHERE refunded_cents < amount_cents) AS donors,
           count(DISTINCT donor_hash) FILTER (WHERE is_new_donor AND refunded_cents < amount_cents) AS new_donors,
           coalesce(sum(amount_cents), 0) AS gross, coalesce(sum(refunded_cents), 0) AS refunded,
           coalesce(sum(chargeback_cents), 0) AS chargebacks`;

/**
 * Rewrites the kept figures of each (send, vendor) and each send of the client (of every client when null) from its
 * contributions, in one pass over them: called in the transaction of every write to contributions, so a reader never
 * sees the two disagree.
 */
export async function refreshSendFigures(tx: Db, clientSlug: string | null): Promise<void> {
  const ofClient = clientSlug === null ? sql`true` : sql`client_slug = ${clientSlug}`;
  await tx.execute(sql`DELETE FROM ${sendVendorFigures} WHERE ${ofClient}`);
  await tx.execute(sql`DELETE FROM ${sendFiguresTable} WHERE ${ofClient}`);
  await tx.execute(sql`
    WITH counted AS MATERIALIZED (
      SELECT send_id, vendor_id, client_slug, GROUPING(vendor_id) AS is_send, ${FIGURE_AGGREGATES}
        FROM ${contributions}
       WHERE send_id IS NOT NULL AND vendor_id IS NOT NULL AND ${ofClient}
       GROUP BY GROUPING SETS ((send_id, client_slug, vendor_id), (send_id, client_slug))
    ),
    per_vendor AS (
      INSERT INTO ${sendVendorFigures} (send_id, vendor_id, client_slug, contributions, donors, new_donors,
                                        gross_cents, refunded_cents, chargeback_cents)
      SELECT send_id, vendor_id, client_slug, contributions, donors, new_donors, gross, refunded, chargebacks
        FROM counted WHERE is_send = 0
    )
    INSERT INTO ${sendFiguresTable} (send_id, client_slug, contributions, donors, new_donors, gross_cents,
                                     refunded_cents, chargeback_cents)
    SELECT send_id, client_slug, contributions, donors, new_donors, gross, refunded, chargebacks
      FROM counted WHERE is_send = 1`);
}

function figuresRow(row: Record<string, unknown>, vendorId: string | null): FiguresRow {
  return {
    vendorId,
    contributions: toNumber(row.contributions),
    donors: toNumber(row.donors),
    newDonors: toNumber(row.new_donors),
    grossCents: toNumber(row.gross),
    refundedCents: toNumber(row.refunded),
    chargebackCents: toNumber(row.chargebacks),
  };
}

/** Per vendor and in total (the row whose vendorId is null), over the attributed contributions `where` selects. */
async function figures(db: Db, where: ReturnType<typeof sql>): Promise<FiguresRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT vendor_id, GROUPING(vendor_id) AS is_total, ${FIGURE_AGGREGATES}
      FROM ${contributions}
     WHERE send_id IS NOT NULL AND ${where}
     GROUP BY GROUPING SETS ((vendor_id), ())`);
  return result.rows.map((row) => figuresRow(row, toNumber(row.is_total) === 1 ? null : (row.vendor_id as string)));
}

/** A send's kept figures per vendor, and in total (the row whose vendorId is null) when it has any. */
export async function sendFigures(db: Db, sendId: number): Promise<FiguresRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT vendor_id, contributions, donors, new_donors, gross_cents AS gross, refunded_cents AS refunded,
           chargeback_cents AS chargebacks
      FROM ${sendVendorFigures} WHERE send_id = ${sendId}
    UNION ALL
    SELECT NULL, contributions, donors, new_donors, gross_cents, refunded_cents, chargeback_cents
      FROM ${sendFiguresTable} WHERE send_id = ${sendId}`);
  return result.rows.map((row) => figuresRow(row, (row.vendor_id as string | null) ?? null));
}

export function clientFigures(db: Db, clientSlug: string, from: Date, to: Date) {
  return figures(
    db,
    sql`client_slug = ${clientSlug} AND contributed_at >= ${from.toISOString()} AND contributed_at < ${to.toISOString()}`,
  );
}

/** The vendors of a send (its messages), with the names they were sent under; empty when there is no such send. */
export async function sendVendors(db: Db, sendId: number) {
  const result = await db.execute<{ vendor_id: string; vendor_name: string }>(sql`
    SELECT d.vendor_id, d.vendor_name FROM email_deliveries d
     WHERE d.log_id = ${sendId} AND d.kind = 'send' ORDER BY d.vendor_name, d.vendor_id`);
  return result.rows.map((row) => ({ vendorId: row.vendor_id, name: row.vendor_name }));
}

export async function sendExists(db: Db, sendId: number): Promise<boolean> {
  const result = await db.execute(sql`SELECT 1 FROM email_logs WHERE id = ${sendId}`);
  return result.rows.length > 0;
}

export async function vendorNames(db: Db): Promise<Map<string, string>> {
  const result = await db.execute<{ vendor_id: string; name: string }>(sql`SELECT vendor_id, name FROM vendors`);
  return new Map(result.rows.map((row) => [row.vendor_id, row.name]));
}

/** The rows no send got, grouped by code and reason, largest amount first. */
export async function unattributed(db: Db, clientSlug: string) {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT coalesce(matched_code, codes[1], '') AS code,
           CASE WHEN attribution = 'outside-window' THEN 'outside-window'
                WHEN attribution = 'ambiguous' THEN 'ambiguous' ELSE 'unmatched' END AS reason,
           coalesce(array_agg(DISTINCT vendor_id) FILTER (WHERE vendor_id IS NOT NULL), '{}') AS vendor_ids,
           count(*) AS contributions, coalesce(sum(amount_cents), 0) AS amount
      FROM ${contributions}
     WHERE client_slug = ${clientSlug} AND attribution IN ('unmatched', 'ambiguous', 'outside-window')
     GROUP BY 1, 2
     ORDER BY amount DESC, code, reason`);
  return result.rows.map((row) => ({
    code: row.code as string,
    reason: row.reason as 'unmatched' | 'outside-window' | 'ambiguous',
    vendorIds: row.vendor_ids as string[],
    contributions: toNumber(row.contributions),
    amountCents: toNumber(row.amount),
  }));
}

/** Shown at most, of the waiting reversals and the capped contributions. */
const LISTED = 200;

/** Reversals whose contribution is not imported (yet): kept, applied when it arrives; latest first. */
export async function waitingReversals(db: Db, clientSlug: string) {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT r.source_id, r.kind, r.amount_cents, r.reversed_at FROM ${contributionReversals} r
     WHERE r.client_slug = ${clientSlug}
       AND NOT EXISTS (SELECT 1 FROM ${contributions} c WHERE c.client_slug = r.client_slug AND c.source_id = r.source_id)
     ORDER BY r.reversed_at DESC, r.source_id LIMIT ${LISTED}`);
  return result.rows.map((row) => ({
    sourceId: row.source_id as string,
    kind: row.kind as ReversalKind,
    amountCents: toNumber(row.amount_cents),
    reversedAt: new Date(row.reversed_at as string).toISOString(),
  }));
}

/** Contributions whose reversals add up to more than their amount (their refunded amount is capped at it). */
export async function cappedContributions(db: Db, clientSlug: string) {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT source_id, amount_cents, reversed_cents FROM ${contributions}
     WHERE client_slug = ${clientSlug} AND reversed_cents > amount_cents
     ORDER BY reversed_cents - amount_cents DESC, source_id LIMIT ${LISTED}`);
  return result.rows.map((row) => ({
    sourceId: row.source_id as string,
    amountCents: toNumber(row.amount_cents),
    reversedCents: toNumber(row.reversed_cents),
  }));
}
