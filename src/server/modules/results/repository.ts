import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ResultsMapping } from '#shared/contracts/results';
import type { Db } from '#server/db/client';
import {
  clientResultSettings,
  contributions,
  priorDonors,
  resultImports,
  users,
  vendorResultCodes,
} from '#server/db/schema';

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

/** What distinguishes codes inside one text value of a batch (arrays of arrays cannot be ragged in PostgreSQL). */
export const CODE_SEPARATOR = '\u001f';

/** One batch of parsed rows, column by column, as they go to the staging table in one statement. */
export interface StagingBatch {
  line: number[];
  sourceId: string[];
  contributedAt: string[];
  amountCents: string[];
  refundedCents: string[];
  refundedAt: (string | null)[];
  recurrenceNumber: (number | null)[];
  donorHash: (string | null)[];
  codes: string[];
  campaign: (string | null)[];
}

export function emptyBatch(): StagingBatch {
  return {
    line: [],
    sourceId: [],
    contributedAt: [],
    amountCents: [],
    refundedCents: [],
    refundedAt: [],
    recurrenceNumber: [],
    donorHash: [],
    codes: [],
    campaign: [],
  };
}

/** The import's staging table: this session's, dropped with the transaction. */
export async function createStaging(tx: Db): Promise<void> {
  await tx.execute(sql`
    CREATE TEMP TABLE results_staging (
      line integer NOT NULL,
      source_id text NOT NULL,
      contributed_at timestamptz NOT NULL,
      amount_cents bigint NOT NULL,
      refunded_cents bigint NOT NULL,
      refunded_at timestamptz,
      recurrence_number integer,
      donor_hash bigint,
      codes text[] NOT NULL,
      campaign text
    ) ON COMMIT DROP`);
}

export async function stageBatch(tx: Db, batch: StagingBatch): Promise<void> {
  await tx.execute(sql`
    INSERT INTO results_staging
    SELECT line, source_id, contributed_at, amount_cents, refunded_cents, refunded_at, recurrence_number, donor_hash,
           CASE WHEN codes = '' THEN '{}'::text[] ELSE string_to_array(codes, ${CODE_SEPARATOR}) END, campaign
      FROM unnest(${sql.param(batch.line)}::int[], ${sql.param(batch.sourceId)}::text[],
                  ${sql.param(batch.contributedAt)}::timestamptz[], ${sql.param(batch.amountCents)}::bigint[],
                  ${sql.param(batch.refundedCents)}::bigint[], ${sql.param(batch.refundedAt)}::timestamptz[],
                  ${sql.param(batch.recurrenceNumber)}::int[], ${sql.param(batch.donorHash)}::bigint[],
                  ${sql.param(batch.codes)}::text[], ${sql.param(batch.campaign)}::text[])
        AS s(line, source_id, contributed_at, amount_cents, refunded_cents, refunded_at, recurrence_number,
             donor_hash, codes, campaign)`);
}

export interface ImportCounts {
  rows: number;
  added: number;
  updated: number;
  unchanged: number;
  matched: number;
  unmatched: number;
  outsideWindow: number;
  refunded: number;
}

const toNumber = (value: unknown) => Number(value ?? 0);

/**
 * Moves the staging table into contributions in one statement: the last row of a contribution id in the file wins,
 * a new id is added, a known one is updated (and becomes this import's), each row attributed and its new-donor mark
 * worked out on the way in (no second pass over the rows). The
 * primary key (client, source id) makes a concurrent import of the same contribution update it, never add it twice.
 */
export async function upsertStaged(tx: Db, clientSlug: string, importId: number): Promise<ImportCounts> {
  // The sorts and hashes of a million rows in memory rather than on disk, for this transaction only.
  // JIT compiling this statement costs seconds and saves less: off, for this transaction only.
  await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
  await tx.execute(sql`SET LOCAL jit = off`);
  // Byte order ("C"): the same rows as the database's collation would pick, without its slow comparisons.
  const source = sql`SELECT DISTINCT ON (source_id COLLATE "C") * FROM results_staging
                      ORDER BY source_id COLLATE "C", line DESC`;
  const result = await tx.execute(sql`
    WITH decided AS (${attributionOf(clientSlug, source)}),
    src AS (${source}),
    prev AS (
      SELECT s.source_id,
             (c.contributed_at, c.amount_cents, c.refunded_cents, c.refunded_at, c.recurrence_number, c.donor_hash,
              c.codes, c.campaign)
             IS DISTINCT FROM
             (s.contributed_at, s.amount_cents, s.refunded_cents, s.refunded_at, s.recurrence_number, s.donor_hash,
              s.codes, s.campaign) AS is_changed
        FROM src s JOIN ${contributions} c ON c.client_slug = ${clientSlug} AND c.source_id = s.source_id
    ),
    -- Each donor's first counted contribution of the file and of what is stored (the file's rows as the file has them).
    donor_rows AS (
      SELECT donor_hash, source_id, contributed_at FROM src
       WHERE donor_hash IS NOT NULL AND coalesce(recurrence_number, 1) <= 1 AND amount_cents > 0
      UNION ALL
      SELECT c.donor_hash, c.source_id, c.contributed_at FROM ${contributions} c
       WHERE c.client_slug = ${clientSlug} AND c.is_new_donor
         AND c.donor_hash IN (SELECT donor_hash FROM src)
         AND NOT EXISTS (SELECT 1 FROM src WHERE src.source_id = c.source_id)
    ),
    firsts AS (
      SELECT DISTINCT ON (donor_hash) donor_hash, source_id FROM donor_rows ORDER BY donor_hash, contributed_at, source_id
    ),
    up AS (
      INSERT INTO ${contributions} AS c (client_slug, source_id, import_id, contributed_at, amount_cents,
             refunded_cents, refunded_at, recurrence_number, donor_hash, codes, campaign, vendor_id, send_id,
             attribution, matched_code, is_new_donor)
      SELECT ${clientSlug}, s.source_id, ${importId}, s.contributed_at, s.amount_cents, s.refunded_cents,
             s.refunded_at, s.recurrence_number, s.donor_hash, s.codes, s.campaign, d.vendor_id, d.send_id,
             d.attribution, d.matched_code,
             f.source_id IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM ${priorDonors} p WHERE p.client_slug = ${clientSlug} AND p.donor_hash = s.donor_hash)
        FROM src s JOIN decided d ON d.source_id = s.source_id
        LEFT JOIN firsts f ON f.source_id = s.source_id
       -- One order for every import: two overlapping imports lock their shared rows in the same order, never a deadlock.
       ORDER BY s.source_id COLLATE "C"
      ON CONFLICT (client_slug, source_id) DO UPDATE SET
             import_id = excluded.import_id, contributed_at = excluded.contributed_at,
             amount_cents = excluded.amount_cents, refunded_cents = excluded.refunded_cents,
             refunded_at = excluded.refunded_at, recurrence_number = excluded.recurrence_number,
             donor_hash = excluded.donor_hash, codes = excluded.codes, campaign = excluded.campaign,
             vendor_id = excluded.vendor_id, send_id = excluded.send_id, attribution = excluded.attribution,
             matched_code = excluded.matched_code, is_new_donor = excluded.is_new_donor
      RETURNING c.source_id, (c.xmax = 0) AS inserted, c.attribution, c.refunded_cents
    )
    SELECT count(*) AS rows,
           count(*) FILTER (WHERE up.inserted) AS added,
           count(*) FILTER (WHERE NOT up.inserted AND coalesce(prev.is_changed, false)) AS updated,
           count(*) FILTER (WHERE NOT up.inserted AND NOT coalesce(prev.is_changed, false)) AS unchanged,
           count(*) FILTER (WHERE up.attribution LIKE 'code:%' OR up.attribution LIKE 'campaign:%') AS matched,
           count(*) FILTER (WHERE up.attribution IN ('unmatched', 'ambiguous')) AS unmatched,
           count(*) FILTER (WHERE up.attribution = 'outside-window') AS outside_window,
           count(*) FILTER (WHERE up.refunded_cents > 0) AS refunded
      FROM up LEFT JOIN prev ON prev.source_id = up.source_id`);
  // A donor's earlier first contribution, stored before, stops being the first when this file has an earlier one.
  await tx.execute(sql`
    UPDATE ${contributions} c SET is_new_donor = false
     WHERE c.client_slug = ${clientSlug} AND c.is_new_donor AND c.import_id <> ${importId}
       AND c.donor_hash IN (SELECT donor_hash FROM results_staging WHERE donor_hash IS NOT NULL)
       AND EXISTS (SELECT 1 FROM ${contributions} e
                    WHERE e.client_slug = ${clientSlug} AND e.donor_hash = c.donor_hash AND e.is_new_donor
                      AND e.import_id = ${importId})`);
  // Fresh statistics, so that the figures' queries plan for the rows just written.
  await tx.execute(sql`ANALYZE ${contributions}`);
  const row = result.rows[0] as Record<string, unknown>;
  return {
    rows: toNumber(row.rows),
    added: toNumber(row.added),
    updated: toNumber(row.updated),
    unchanged: toNumber(row.unchanged),
    matched: toNumber(row.matched),
    unmatched: toNumber(row.unmatched),
    outsideWindow: toNumber(row.outside_window),
    refunded: toNumber(row.refunded),
  };
}

/** Re-attributes a client's stored rows (every client's when null), writing only the rows whose answer changed. */
export async function reattribute(tx: Db, clientSlug: string | null): Promise<number> {
  const clients = clientSlug
    ? [clientSlug]
    : (await tx.execute<{ client_slug: string }>(sql`SELECT DISTINCT client_slug FROM ${contributions}`)).rows.map(
        (row) => row.client_slug,
      );
  let changed = 0;
  for (const client of clients) {
    const source = sql`SELECT source_id, contributed_at, amount_cents, codes, campaign, recurrence_number
                         FROM ${contributions} WHERE client_slug = ${client}`;
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

export async function insertImport(tx: Db, clientSlug: string, userId: number, at: Date): Promise<number> {
  const [row] = await tx
    .insert(resultImports)
    .values({
      clientSlug,
      createdByUserId: userId,
      createdAt: at,
      rows: 0,
      added: 0,
      updated: 0,
      unchanged: 0,
      matched: 0,
      unmatched: 0,
      outsideWindow: 0,
      refunded: 0,
    })
    .returning({ id: resultImports.id });
  return row!.id;
}

export async function saveImportCounts(tx: Db, importId: number, counts: ImportCounts): Promise<void> {
  await tx.update(resultImports).set(counts).where(eq(resultImports.id, importId));
}

export function listImports(db: Db, clientSlug: string) {
  return db
    .select({
      id: resultImports.id,
      client: resultImports.clientSlug,
      rows: resultImports.rows,
      added: resultImports.added,
      updated: resultImports.updated,
      unchanged: resultImports.unchanged,
      matched: resultImports.matched,
      unmatched: resultImports.unmatched,
      outsideWindow: resultImports.outsideWindow,
      refunded: resultImports.refunded,
      createdAt: resultImports.createdAt,
      email: users.email,
    })
    .from(resultImports)
    .leftJoin(users, eq(users.id, resultImports.createdByUserId))
    .where(eq(resultImports.clientSlug, clientSlug))
    .orderBy(desc(resultImports.createdAt), desc(resultImports.id));
}

/** Deletes an import; the contributions it owns go with it (ON DELETE CASCADE). Its client, or undefined. */
export async function deleteImport(tx: Db, importId: number): Promise<string | undefined> {
  const [row] = await tx
    .delete(resultImports)
    .where(eq(resultImports.id, importId))
    .returning({ clientSlug: resultImports.clientSlug });
  return row?.clientSlug;
}

export async function readSettings(db: Db, clientSlug: string) {
  const [row] = await db
    .select({ days: clientResultSettings.attributionWindowDays, mapping: clientResultSettings.mapping })
    .from(clientResultSettings)
    .where(eq(clientResultSettings.clientSlug, clientSlug));
  const [count] = await db
    .select({ n: sql<string>`count(*)` })
    .from(priorDonors)
    .where(eq(priorDonors.clientSlug, clientSlug));
  return { attributionWindowDays: row?.days ?? 30, mapping: row?.mapping ?? null, priorDonors: toNumber(count?.n) };
}

export async function saveWindow(tx: Db, clientSlug: string, days: number, at: Date): Promise<number | undefined> {
  const [before] = await tx
    .select({ days: clientResultSettings.attributionWindowDays })
    .from(clientResultSettings)
    .where(eq(clientResultSettings.clientSlug, clientSlug))
    .for('update');
  await tx
    .insert(clientResultSettings)
    .values({ clientSlug, attributionWindowDays: days, updatedAt: at })
    .onConflictDoUpdate({
      target: clientResultSettings.clientSlug,
      set: { attributionWindowDays: days, updatedAt: at },
    });
  return before?.days;
}

export async function saveMapping(tx: Db, clientSlug: string, mapping: ResultsMapping, at: Date): Promise<void> {
  await tx
    .insert(clientResultSettings)
    .values({ clientSlug, mapping, updatedAt: at })
    .onConflictDoUpdate({ target: clientResultSettings.clientSlug, set: { mapping, updatedAt: at } });
}

export async function replacePriorDonors(tx: Db, clientSlug: string, hashes: string[]): Promise<number> {
  await tx.delete(priorDonors).where(eq(priorDonors.clientSlug, clientSlug));
  for (let start = 0; start < hashes.length; start += 10_000) {
    await tx.execute(sql`
      INSERT INTO ${priorDonors} (client_slug, donor_hash)
      SELECT ${clientSlug}, h FROM unnest(${sql.param(hashes.slice(start, start + 10_000))}::bigint[]) AS h
      ON CONFLICT DO NOTHING`);
  }
  const [count] = await tx
    .select({ n: sql<string>`count(*)` })
    .from(priorDonors)
    .where(eq(priorDonors.clientSlug, clientSlug));
  return toNumber(count?.n);
}

export async function deletePriorDonors(tx: Db, clientSlug: string): Promise<void> {
  await tx.delete(priorDonors).where(and(eq(priorDonors.clientSlug, clientSlug)));
}

/** Every result code: each vendor's UTM source (its override, else its default) and the codes an admin added. */
export async function listResultCodes(db: Db): Promise<{ code: string; vendorId: string }[]> {
  const result = await db.execute<{ code: string; vendor_id: string }>(sql`
    SELECT lower(trim(coalesce(u.utm_source, v.default_utm_source))) AS code, v.vendor_id
      FROM vendors v LEFT JOIN vendor_utm_sources u ON u.vendor_id = v.vendor_id
    UNION
    SELECT code, vendor_id FROM vendor_result_codes`);
  return result.rows.filter((row) => row.code !== '').map((row) => ({ code: row.code, vendorId: row.vendor_id }));
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

export interface FiguresRow {
  vendorId: string | null;
  contributions: number;
  donors: number;
  newDonors: number;
  grossCents: number;
  refundedCents: number;
}

/**
 * The figures' counting rules (decision 0039) as the select list of an aggregate over contributions, for any grouping:
 * contributions, donors, new_donors, gross, refunded. Payouts group them by send and vendor.
 */
export const FIGURE_AGGREGATES = sql`count(*) AS contributions,
           count(DISTINCT donor_hash) FILTER (WHERE refunded_cents < amount_cents) AS donors,
           count(DISTINCT donor_hash) FILTER (WHERE is_new_donor AND refunded_cents < amount_cents) AS new_donors,
           coalesce(sum(amount_cents), 0) AS gross, coalesce(sum(refunded_cents), 0) AS refunded`;

/** Per vendor and in total (the row whose vendorId is null), over the attributed contributions `where` selects. */
async function figures(db: Db, where: ReturnType<typeof sql>): Promise<FiguresRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT vendor_id, GROUPING(vendor_id) AS is_total, ${FIGURE_AGGREGATES}
      FROM ${contributions}
     WHERE send_id IS NOT NULL AND ${where}
     GROUP BY GROUPING SETS ((vendor_id), ())`);
  return result.rows.map((row) => ({
    vendorId: toNumber(row.is_total) === 1 ? null : (row.vendor_id as string),
    contributions: toNumber(row.contributions),
    donors: toNumber(row.donors),
    newDonors: toNumber(row.new_donors),
    grossCents: toNumber(row.gross),
    refundedCents: toNumber(row.refunded),
  }));
}

export function sendFigures(db: Db, sendId: number) {
  return figures(db, sql`send_id = ${sendId}`);
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
