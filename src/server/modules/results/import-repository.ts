import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { contributions, priorDonors, resultImports, users } from '#server/db/schema';
import { toNumber } from './numbers';
import { STAGED_DATA_COLUMNS } from './staged-row';
import { STAGED_CODES } from './staging-repository';

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

// A known contribution with any of these different counts as updated.
const dataOf = (alias: string) => sql.raw(`(${STAGED_DATA_COLUMNS.map((column) => `${alias}.${column}`).join(', ')})`);

/**
 * Moves the staging table into contributions: the last row of a contribution id in the file wins, a new id is added,
 * a known one is updated (and becomes this import's), with the attribution read with it (the shared rule, in
 * JavaScript, as the rows were staged) and its new-donor mark worked out on the way in.
 *
 * Imports of one client take turns here (a transaction-scoped advisory lock): new ids are then plain inserts, which
 * cost a third less than `ON CONFLICT`'s speculative insertion of a million rows; the primary key (client, source id)
 * is still what makes each contribution once, whatever writes to the table.
 */
export async function upsertStaged(tx: Db, clientSlug: string, importId: number): Promise<ImportCounts> {
  // The sorts and hashes of a million rows in memory rather than on disk, for this transaction only.
  // JIT compiling these statements costs seconds and saves less: off, for this transaction only.
  await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
  await tx.execute(sql`SET LOCAL jit = off`);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`results-import ${clientSlug}`}, 0))`);
  await tx.execute(sql`
    CREATE TEMP TABLE results_src ON COMMIT DROP AS
    WITH src AS (
      SELECT DISTINCT ON (source_id) line, source_id, contributed_at, amount_cents, refunded_cents, refunded_at,
             recurrence_number, donor_hash, ${STAGED_CODES}, campaign, vendor_id, send_id, attribution, matched_code
        FROM results_staging ORDER BY source_id, line DESC
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
    )
    SELECT s.*, f.source_id IS NOT NULL AND p.donor_hash IS NULL AS is_new_donor
      FROM src s
      LEFT JOIN firsts f ON f.source_id = s.source_id
      LEFT JOIN ${priorDonors} p ON p.client_slug = ${clientSlug} AND p.donor_hash = s.donor_hash`);
  await tx.execute(sql`ANALYZE results_src`);
  const known = await tx.execute(sql`
    SELECT count(*) AS known, count(*) FILTER (WHERE ${dataOf('c')} IS DISTINCT FROM ${dataOf('s')}) AS changed
      FROM results_src s JOIN ${contributions} c ON c.client_slug = ${clientSlug} AND c.source_id = s.source_id`);
  const { known: knownCount, changed } = known.rows[0] as Record<string, unknown>;
  if (toNumber(knownCount) > 0) {
    await tx.execute(sql`
      UPDATE ${contributions} c SET
             import_id = ${importId}, contributed_at = s.contributed_at, amount_cents = s.amount_cents,
             refunded_cents = s.refunded_cents, refunded_at = s.refunded_at, recurrence_number = s.recurrence_number,
             donor_hash = s.donor_hash, codes = s.codes, campaign = s.campaign, vendor_id = s.vendor_id,
             send_id = s.send_id, attribution = s.attribution, matched_code = s.matched_code,
             is_new_donor = s.is_new_donor
        FROM results_src s
       WHERE c.client_slug = ${clientSlug} AND c.source_id = s.source_id`);
  }
  await tx.execute(sql`
    INSERT INTO ${contributions} (client_slug, source_id, import_id, contributed_at, amount_cents, refunded_cents,
           refunded_at, recurrence_number, donor_hash, codes, campaign, vendor_id, send_id, attribution, matched_code,
           is_new_donor)
    SELECT ${clientSlug}, s.source_id, ${importId}, s.contributed_at, s.amount_cents, s.refunded_cents, s.refunded_at,
           s.recurrence_number, s.donor_hash, s.codes, s.campaign, s.vendor_id, s.send_id, s.attribution,
           s.matched_code, s.is_new_donor
      FROM results_src s
     WHERE NOT EXISTS (SELECT 1 FROM ${contributions} c WHERE c.client_slug = ${clientSlug} AND c.source_id = s.source_id)
     -- In key order: each insert lands beside the last in the primary key, not anywhere in it.
     ORDER BY s.source_id`);
  // A donor's earlier first contribution, stored before, stops being the first when this file has an earlier one.
  await tx.execute(sql`
    UPDATE ${contributions} c SET is_new_donor = false
     WHERE c.client_slug = ${clientSlug} AND c.is_new_donor AND c.import_id <> ${importId}
       AND c.donor_hash IN (SELECT donor_hash FROM results_src WHERE is_new_donor)`);
  // Fresh statistics, so that the figures' queries plan for the rows just written.
  await tx.execute(sql`ANALYZE ${contributions}`);
  const result = await tx.execute(sql`
    SELECT count(*) AS rows,
           count(*) FILTER (WHERE attribution LIKE 'code:%' OR attribution LIKE 'campaign:%') AS matched,
           count(*) FILTER (WHERE attribution IN ('unmatched', 'ambiguous')) AS unmatched,
           count(*) FILTER (WHERE attribution = 'outside-window') AS outside_window,
           count(*) FILTER (WHERE refunded_cents > 0) AS refunded
      FROM results_src`);
  const row = result.rows[0] as Record<string, unknown>;
  const rows = toNumber(row.rows);
  return {
    rows,
    added: rows - toNumber(knownCount),
    updated: toNumber(changed),
    unchanged: toNumber(knownCount) - toNumber(changed),
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
