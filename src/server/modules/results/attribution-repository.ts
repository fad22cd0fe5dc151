import { sql } from 'drizzle-orm';
import type { AttributionDecision, AttributionInput, SendToVendor } from '#shared/results/attribution';
import { normaliseCode, urlParameter } from '#shared/results/values';
import type { Db } from '#server/db/client';
import { contributions, priorDonors } from '#server/db/schema';

/** A stored contribution as attribution reads it, with what it was attributed to. */
export interface StoredAttribution extends AttributionInput {
  sourceId: string;
  vendorId: string | null;
  sendId: number | null;
  attribution: string;
  matchedCode: string | null;
}

/**
 * The clients with stored rows (those carrying one of `codes` when given): the ones a change of result codes may move.
 */
export async function clientsWithRows(tx: Db, codes?: readonly string[]): Promise<string[]> {
  const result = await tx.execute<{ client_slug: string }>(
    sql`SELECT DISTINCT client_slug FROM ${contributions} WHERE true ${carrying(codes)}`,
  );
  return result.rows.map((row) => row.client_slug);
}

const carrying = (codes: readonly string[] | undefined) =>
  codes ? sql`AND codes && ${sql.param([...codes])}::text[]` : sql``;

/** Up to `limit` of a client's stored rows after the id `after`, in id order (those carrying one of `codes`). */
export async function readAttributed(
  tx: Db,
  clientSlug: string,
  after: string,
  limit: number,
  codes?: readonly string[],
): Promise<StoredAttribution[]> {
  const result = await tx.execute<{
    source_id: string;
    contributed_at: string | Date;
    amount_cents: string | number;
    codes: string[];
    campaign: string | null;
    recurrence_number: number | null;
    vendor_id: string | null;
    send_id: number | null;
    attribution: string;
    matched_code: string | null;
  }>(sql`
    SELECT source_id, contributed_at, amount_cents, codes, campaign, recurrence_number, vendor_id, send_id, attribution,
           matched_code
      FROM ${contributions}
     WHERE client_slug = ${clientSlug} AND source_id > ${after} ${carrying(codes)}
     ORDER BY source_id LIMIT ${limit}`);
  return result.rows.map((row) => ({
    sourceId: row.source_id,
    contributedAt: new Date(row.contributed_at),
    amountCents: Number(row.amount_cents),
    codes: row.codes,
    campaign: row.campaign,
    recurrenceNumber: row.recurrence_number,
    vendorId: row.vendor_id,
    sendId: row.send_id,
    attribution: row.attribution,
    matchedCode: row.matched_code,
  }));
}

/** Writes a client's rows' new attributions. */
export async function writeAttributions(
  tx: Db,
  clientSlug: string,
  rows: readonly ({ sourceId: string } & AttributionDecision)[],
): Promise<void> {
  await tx.execute(sql`
    UPDATE ${contributions} c
       SET vendor_id = d.vendor_id, send_id = d.send_id, attribution = d.attribution, matched_code = d.matched_code
      FROM unnest(${sql.param(rows.map((row) => row.sourceId))}::text[],
                  ${sql.param(rows.map((row) => row.vendorId))}::text[],
                  ${sql.param(rows.map((row) => row.sendId))}::int[],
                  ${sql.param(rows.map((row) => row.attribution))}::text[],
                  ${sql.param(rows.map((row) => row.code))}::text[])
           AS d(source_id, vendor_id, send_id, attribution, matched_code)
     WHERE c.client_slug = ${clientSlug} AND c.source_id = d.source_id`);
}

/**
 * Marks each donor's first counted contribution to the client (by date, then id) as a new donor's, unless the donor is
 * in the client's prior donor file; `onlyStaged` limits the work to the donors of the import being written.
 */
export async function markNewDonors(tx: Db, clientSlug: string, onlyStaged: boolean): Promise<void> {
  const donors = onlyStaged
    ? sql`AND donor_hash IN (SELECT donor_hash FROM results_staging WHERE donor_hash IS NOT NULL)`
    : sql``;
  await tx.execute(sql`
    WITH ranked AS (
      SELECT source_id,
             coalesce(recurrence_number, 1) <= 1 AND amount_cents > 0
             AND row_number() OVER (
               PARTITION BY donor_hash, coalesce(recurrence_number, 1) <= 1 AND amount_cents > 0
               ORDER BY contributed_at, source_id) = 1
             AND NOT EXISTS (SELECT 1 FROM ${priorDonors} p
                              WHERE p.client_slug = ${clientSlug} AND p.donor_hash = c.donor_hash) AS is_new
        FROM ${contributions} c
       WHERE client_slug = ${clientSlug} AND donor_hash IS NOT NULL ${donors}
    )
    UPDATE ${contributions} c SET is_new_donor = r.is_new
      FROM ranked r
     WHERE c.client_slug = ${clientSlug} AND c.source_id = r.source_id AND c.is_new_donor IS DISTINCT FROM r.is_new`);
}

/**
 * A client's sends per vendor, with the utm_campaign values of that vendor's links read as a landing URL is
 * (urlParameter, normalised).
 */
export async function listClientSends(db: Db, clientSlug: string): Promise<SendToVendor[]> {
  const result = await db.execute<{
    send_id: number;
    vendor_id: string;
    mailed_at: string | Date;
    links: string[];
  }>(
    sql`
    SELECT d.log_id AS send_id, d.vendor_id, coalesce(d.added_at, l.sent_at) AS mailed_at,
           coalesce((
             SELECT array_agg(r.value->>'value')
               FROM deployment_tracking t
               CROSS JOIN LATERAL jsonb_array_elements(t.content->'cards') AS card(value)
               CROSS JOIN LATERAL jsonb_array_elements(card.value->'rows') AS r(value)
              WHERE t.log_id = d.log_id AND t.vendor_id = d.vendor_id AND r.value->>'isLink' = 'true'
           ), '{}') AS links
      FROM email_deliveries d JOIN email_logs l ON l.id = d.log_id
     WHERE d.kind = 'send' AND l.client_slug = ${clientSlug}`,
  );
  return result.rows.map((row) => {
    const campaigns = new Set<string>();
    for (const link of row.links) {
      const campaign = urlParameter(link, 'utm_campaign');
      if (campaign !== null) campaigns.add(normaliseCode(campaign));
    }
    return {
      sendId: row.send_id,
      vendorId: row.vendor_id,
      mailedAt: new Date(row.mailed_at),
      campaigns: [...campaigns],
    };
  });
}
