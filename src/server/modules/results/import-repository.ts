import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { contributions, priorDonors, resultImports, users } from '#server/db/schema';
import { toNumber } from './numbers';

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
  vendorId: (string | null)[];
  sendId: (number | null)[];
  attribution: string[];
  matchedCode: (string | null)[];
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
    vendorId: [],
    sendId: [],
    attribution: [],
    matchedCode: [],
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
      campaign text,
      vendor_id text,
      send_id integer,
      attribution text NOT NULL,
      matched_code text
    ) ON COMMIT DROP`);
}

export async function stageBatch(tx: Db, batch: StagingBatch): Promise<void> {
  await tx.execute(sql`
    INSERT INTO results_staging
    SELECT line, source_id, contributed_at, amount_cents, refunded_cents, refunded_at, recurrence_number, donor_hash,
           CASE WHEN codes = '' THEN '{}'::text[] ELSE string_to_array(codes, ${CODE_SEPARATOR}) END, campaign,
           vendor_id, send_id, attribution, matched_code
      FROM unnest(${sql.param(batch.line)}::int[], ${sql.param(batch.sourceId)}::text[],
                  ${sql.param(batch.contributedAt)}::timestamptz[], ${sql.param(batch.amountCents)}::bigint[],
                  ${sql.param(batch.refundedCents)}::bigint[], ${sql.param(batch.refundedAt)}::timestamptz[],
                  ${sql.param(batch.recurrenceNumber)}::int[], ${sql.param(batch.donorHash)}::bigint[],
                  ${sql.param(batch.codes)}::text[], ${sql.param(batch.campaign)}::text[],
                  ${sql.param(batch.vendorId)}::text[], ${sql.param(batch.sendId)}::int[],
                  ${sql.param(batch.attribution)}::text[], ${sql.param(batch.matchedCode)}::text[])
        AS s(line, source_id, contributed_at, amount_cents, refunded_cents, refunded_at, recurrence_number,
             donor_hash, codes, campaign, vendor_id, send_id, attribution, matched_code)`);
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

/**
 * Moves the staging table into contributions in one statement: the last row of a contribution id in the file wins,
 * a new id is added, a known one is updated (and becomes this import's), with the attribution read with it (the shared
 * rule, in JavaScript, as the rows were staged) and its new-donor mark worked out on the way in. The
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
    WITH src AS (${source}),
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
             s.refunded_at, s.recurrence_number, s.donor_hash, s.codes, s.campaign, s.vendor_id, s.send_id,
             s.attribution, s.matched_code,
             f.source_id IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM ${priorDonors} p WHERE p.client_slug = ${clientSlug} AND p.donor_hash = s.donor_hash)
        FROM src s
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

/** Deletes an import and the contributions it owns. Its client, or undefined. */
export async function deleteImport(tx: Db, importId: number): Promise<string | undefined> {
  await tx.delete(contributions).where(eq(contributions.importId, importId));
  const [row] = await tx
    .delete(resultImports)
    .where(eq(resultImports.id, importId))
    .returning({ clientSlug: resultImports.clientSlug });
  return row?.clientSlug;
}
