import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { contributions, priorDonors } from '#server/db/schema';
import { toNumber } from './numbers';

/**
 * The attribution rule of src/shared/results/attribution.ts (attributeRow) in SQL, set-based, for the rows of `source`
 * (a relation with source_id, contributed_at, amount_cents, codes text[], campaign, recurrence_number) of one client.
 * It answers source_id, vendor_id, send_id, attribution, matched_code for every row. A test imports a mixed file and
 * holds every stored row equal to what attributeRow decides for it.
 */
export function attributionOf(clientSlug: string, source: SQL): SQL {
  return sql`
    WITH settings AS (
      SELECT coalesce(
        (SELECT attribution_window_days FROM client_result_settings WHERE client_slug = ${clientSlug}), 30
      ) AS days
    ),
    result_codes AS (
      SELECT lower(trim(coalesce(u.utm_source, v.default_utm_source))) AS code, v.vendor_id
        FROM vendors v LEFT JOIN vendor_utm_sources u ON u.vendor_id = v.vendor_id
      UNION
      SELECT code, vendor_id FROM vendor_result_codes
    ),
    code_vendors AS (
      SELECT code, array_agg(DISTINCT vendor_id ORDER BY vendor_id) AS vendor_ids
        FROM result_codes WHERE code <> '' GROUP BY code
    ),
    sends AS MATERIALIZED (
      SELECT d.log_id AS send_id, d.vendor_id, coalesce(d.added_at, l.sent_at) AS mailed_at
        FROM email_deliveries d JOIN email_logs l ON l.id = d.log_id
       WHERE d.kind = 'send' AND l.client_slug = ${clientSlug}
    ),
    send_campaigns AS MATERIALIZED (
      SELECT DISTINCT t.log_id AS send_id, t.vendor_id,
             lower(trim(replace(substring(r.value->>'value' from '[?&][uU][tT][mM]_[cC][aA][mM][pP][aA][iI][gG][nN]=([^&#]*)'), '+', ' '))) AS campaign
        FROM deployment_tracking t
        JOIN email_logs l ON l.id = t.log_id
        CROSS JOIN LATERAL jsonb_array_elements(t.content->'cards') AS card(value)
        CROSS JOIN LATERAL jsonb_array_elements(card.value->'rows') AS r(value)
       WHERE l.client_slug = ${clientSlug} AND r.value->>'isLink' = 'true'
    ),
    -- Each row with the earliest mailing time its window allows, worked out once per row (not once per send).
    target AS (
      SELECT r.*,
             ((r.contributed_at AT TIME ZONE 'America/New_York') - make_interval(days => (SELECT days FROM settings)))
               AT TIME ZONE 'America/New_York' AS earliest
        FROM (${source}) AS r
    ),
    -- The first of a row's codes that is a result code (a lateral over its few codes: no sort of the rows).
    first_code AS (
      SELECT t.source_id, cv.code, cv.vendor_ids
        FROM target t
        CROSS JOIN LATERAL (
          SELECT x.code FROM unnest(t.codes) WITH ORDINALITY AS x(code, n)
           WHERE x.code IN (SELECT code FROM code_vendors) ORDER BY x.n LIMIT 1
        ) AS found
        JOIN code_vendors cv ON cv.code = found.code
    ),
    -- Every send of the row's vendor in its window, and whether its links carry the row's campaign.
    candidates AS (
      SELECT t.source_id, s.send_id, s.mailed_at, sc.send_id IS NOT NULL AS has_campaign
        FROM target t
        JOIN first_code fc ON fc.source_id = t.source_id AND cardinality(fc.vendor_ids) = 1
        JOIN sends s ON s.vendor_id = fc.vendor_ids[1]
        LEFT JOIN send_campaigns sc
          ON sc.send_id = s.send_id AND sc.vendor_id = s.vendor_id AND sc.campaign = t.campaign
       WHERE coalesce(t.recurrence_number, 1) <= 1 AND t.amount_cents >= 0
         AND s.mailed_at <= t.contributed_at AND s.mailed_at >= t.earliest
    ),
    -- Per row, hashed rather than sorted: the one send carrying the campaign, else the latest (then the highest id),
    -- read back from one bigint of the mailing time in ms and the send id.
    picked AS (
      SELECT source_id,
             count(*) FILTER (WHERE has_campaign) = 1 AS by_campaign,
             CASE WHEN count(*) FILTER (WHERE has_campaign) = 1 THEN max(send_id) FILTER (WHERE has_campaign)
                  ELSE (max(floor(extract(epoch FROM mailed_at) * 1000)::bigint * 1000000 + send_id) % 1000000)::int
             END AS send_id
        FROM candidates GROUP BY source_id
    )
    SELECT t.source_id,
           CASE WHEN counted AND cardinality(fc.vendor_ids) = 1 THEN fc.vendor_ids[1] END AS vendor_id,
           CASE WHEN counted THEN pick.send_id END AS send_id,
           CASE
             WHEN coalesce(t.recurrence_number, 1) > 1 THEN 'not-counted:recurring'
             WHEN t.amount_cents < 0 THEN 'not-counted:negative'
             WHEN fc.code IS NULL THEN 'unmatched'
             WHEN cardinality(fc.vendor_ids) > 1 THEN 'ambiguous'
             WHEN pick.send_id IS NULL THEN 'outside-window'
             WHEN pick.by_campaign THEN 'campaign:' || t.campaign
             ELSE 'code:' || fc.code
           END AS attribution,
           CASE WHEN counted THEN fc.code END AS matched_code
      FROM target t
      CROSS JOIN LATERAL (SELECT coalesce(t.recurrence_number, 1) <= 1 AND t.amount_cents >= 0 AS counted) AS c
      LEFT JOIN first_code fc ON fc.source_id = t.source_id
      LEFT JOIN picked pick ON pick.source_id = t.source_id`;
}

/**
 * Re-attributes a client's stored rows (every client's when null), writing only the rows whose answer changed. With
 * `codes`, only the rows that carry one of them: a result code added, removed or changed can move no other row.
 */
export async function reattribute(tx: Db, clientSlug: string | null, codes?: readonly string[]): Promise<number> {
  const carrying = codes ? sql`AND codes && ${sql.param([...codes])}::text[]` : sql``;
  const clients = clientSlug
    ? [clientSlug]
    : (
        await tx.execute<{ client_slug: string }>(
          sql`SELECT DISTINCT client_slug FROM ${contributions} WHERE true ${carrying}`,
        )
      ).rows.map((row) => row.client_slug);
  let changed = 0;
  for (const client of clients) {
    const source = sql`SELECT source_id, contributed_at, amount_cents, codes, campaign, recurrence_number
                         FROM ${contributions} WHERE client_slug = ${client} ${carrying}`;
    const result = await tx.execute<{ n: string }>(sql`
      WITH decided AS (${attributionOf(client, source)}),
      written AS (
        UPDATE ${contributions} c
           SET vendor_id = d.vendor_id, send_id = d.send_id, attribution = d.attribution, matched_code = d.matched_code
          FROM decided d
         WHERE c.client_slug = ${client} AND c.source_id = d.source_id
           AND (c.vendor_id, c.send_id, c.attribution, c.matched_code)
               IS DISTINCT FROM (d.vendor_id, d.send_id, d.attribution, d.matched_code)
        RETURNING 1
      )
      SELECT count(*) AS n FROM written`);
    changed += toNumber(result.rows[0]?.n);
  }
  return changed;
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

/** A client's sends per vendor, with the utm_campaign values of that vendor's links (as attributionOf reads them). */
export async function listClientSends(db: Db, clientSlug: string) {
  const result = await db.execute<{
    send_id: number;
    vendor_id: string;
    mailed_at: string | Date;
    campaigns: string[];
  }>(
    sql`
    SELECT d.log_id AS send_id, d.vendor_id, coalesce(d.added_at, l.sent_at) AS mailed_at,
           coalesce((
             SELECT array_agg(DISTINCT lower(trim(replace(substring(r.value->>'value'
                      from '[?&][uU][tT][mM]_[cC][aA][mM][pP][aA][iI][gG][nN]=([^&#]*)'), '+', ' '))))
               FROM deployment_tracking t
               CROSS JOIN LATERAL jsonb_array_elements(t.content->'cards') AS card(value)
               CROSS JOIN LATERAL jsonb_array_elements(card.value->'rows') AS r(value)
              WHERE t.log_id = d.log_id AND t.vendor_id = d.vendor_id AND r.value->>'isLink' = 'true'
                AND r.value->>'value' ~* '[?&]utm_campaign='
           ), '{}') AS campaigns
      FROM email_deliveries d JOIN email_logs l ON l.id = d.log_id
     WHERE d.kind = 'send' AND l.client_slug = ${clientSlug}`,
  );
  return result.rows.map((row) => ({
    sendId: row.send_id,
    vendorId: row.vendor_id,
    mailedAt: new Date(row.mailed_at),
    campaigns: row.campaigns,
  }));
}
