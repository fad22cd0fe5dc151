import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { badRequest } from '#server/errors';
import { contributionReversals, contributions, priorDonors, resultImports, users } from '#server/db/schema';
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
  reversals: number;
  skipped: number;
  skippedReason: string | null;
}

const REVERSAL_KINDS = sql.raw(`('refund', 'chargeback', 'void')`);

/**
 * Refuses a staged file that is not one (400, nothing stored): no rows under its header; two rows of one id that are
 * not a gift and its reversals (both lines named).
 */
export async function checkStaged(tx: Db): Promise<void> {
  const counted = await tx.execute(sql`SELECT EXISTS (SELECT 1 FROM results_staging) AS any`);
  if (!counted.rows[0]?.any) throw badRequest('The file has no rows');
  // A gift's id, and a reversal's own id when it names another contribution, may each be in a file once.
  const twice = await tx.execute<{ id: string; lines: number[] }>(sql`
    SELECT id, (array_agg(line ORDER BY line))[1:2] AS lines FROM (
      SELECT source_id AS id, line FROM results_staging WHERE kind = 'gift'
      UNION ALL
      SELECT source_id, line FROM results_staging WHERE kind IN ${REVERSAL_KINDS} AND reverses_id <> source_id
    ) AS ids
    GROUP BY id HAVING count(*) > 1
    ORDER BY (array_agg(line ORDER BY line))[2] LIMIT 1`);
  const found = twice.rows[0];
  if (found) {
    const [first, second] = found.lines.map(Number);
    const shown = found.id.length > 40 ? `${found.id.slice(0, 40)}…` : found.id;
    throw badRequest(
      `Lines ${first} and ${second} have the same id ('${shown}'): an id may be in a file once, besides the refunds and chargebacks of that contribution.`,
      { lines: [first, second] },
    );
  }
}

/**
 * Stores the file's reversals as records of their own (contributionReversals): its reversal rows, and the refunds its
 * gift rows carry (ActBlue's Refund Date), each under its key, so that importing them again changes nothing and a
 * later file without them undoes none. Then works out the refunded amount of every contribution they or the file's
 * gifts touch: the sum of its reversals, at most its amount (a waiting reversal applies when its gift arrives).
 */
export async function storeReversals(tx: Db, clientSlug: string, importId: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${contributionReversals} AS r (client_slug, reversal_key, source_id, kind, amount_cents, reversed_at,
                                              import_id)
    SELECT ${clientSlug}, key, reverses_id, kind, amount_cents, reversed_at, ${importId} FROM (
      SELECT CASE WHEN reverses_id <> source_id THEN source_id
                  ELSE source_id || '#' || kind || '#' || floor(extract(epoch FROM contributed_at) * 1000)::bigint
                       || '#' || amount_cents || '#'
                       || row_number() OVER (PARTITION BY source_id, kind, contributed_at, amount_cents ORDER BY line)
             END AS key,
             reverses_id, kind, amount_cents, contributed_at AS reversed_at
        FROM results_staging WHERE kind IN ${REVERSAL_KINDS}
      UNION ALL
      SELECT source_id || '#refund', source_id, 'refund', refunded_cents, coalesce(refunded_at, contributed_at)
        FROM results_staging WHERE kind = 'gift' AND refunded_cents > 0
    ) AS staged
    ON CONFLICT (client_slug, reversal_key) DO UPDATE SET
       import_id = excluded.import_id,
       -- A refund read from a gift's row may grow in a later export; it never shrinks or goes.
       amount_cents = greatest(r.amount_cents, excluded.amount_cents),
       reversed_at = CASE WHEN excluded.amount_cents > r.amount_cents THEN excluded.reversed_at ELSE r.reversed_at END`);
  await applyReversals(
    tx,
    clientSlug,
    sql`SELECT reverses_id FROM results_staging WHERE kind IN ${REVERSAL_KINDS}
        UNION SELECT source_id FROM results_staging WHERE kind = 'gift' AND refunded_cents > 0
        UNION SELECT r.source_id FROM ${contributionReversals} r JOIN results_src s ON s.source_id = r.source_id
               WHERE r.client_slug = ${clientSlug}`,
  );
}

/**
 * Sets the refunded amount (at most the amount), its chargebacks, the uncapped sum and the latest date of the
 * client's contributions whose ids `ids` selects (all of them when null) from their reversals; writes only changes.
 */
export async function applyReversals(tx: Db, clientSlug: string, ids: ReturnType<typeof sql> | null): Promise<void> {
  const affected = ids ?? sql`SELECT source_id FROM ${contributions} WHERE client_slug = ${clientSlug}`;
  await tx.execute(sql`
    WITH affected AS (${affected}),
    totals AS (
      SELECT r.source_id, sum(r.amount_cents) AS total,
             coalesce(sum(r.amount_cents) FILTER (WHERE r.kind = 'chargeback'), 0) AS chargebacks,
             max(r.reversed_at) AS latest
        FROM ${contributionReversals} r
       WHERE r.client_slug = ${clientSlug} AND r.source_id IN (SELECT * FROM affected)
       GROUP BY r.source_id
    ),
    wanted AS (
      SELECT c.source_id, least(c.amount_cents, coalesce(t.total, 0)) AS refunded,
             least(c.amount_cents, coalesce(t.total, 0), t.chargebacks) AS chargebacks,
             coalesce(t.total, 0) AS reversed, t.latest
        FROM ${contributions} c LEFT JOIN totals t ON t.source_id = c.source_id
       WHERE c.client_slug = ${clientSlug} AND c.source_id IN (SELECT * FROM affected)
    )
    UPDATE ${contributions} c
       SET refunded_cents = w.refunded, chargeback_cents = coalesce(w.chargebacks, 0), reversed_cents = w.reversed,
           refunded_at = w.latest
      FROM wanted w
     WHERE c.client_slug = ${clientSlug} AND c.source_id = w.source_id
       AND (c.refunded_cents, c.chargeback_cents, c.reversed_cents, c.refunded_at)
           IS DISTINCT FROM (w.refunded, coalesce(w.chargebacks, 0), w.reversed, w.latest)`);
}

/** The staged rows that are no gift, as the import's answer says why: '$0 rows (fees, not gifts): lines 3, 9'. */
async function skippedRows(tx: Db): Promise<{ skipped: number; skippedReason: string | null }> {
  const result = await tx.execute<{ reason: string; n: string; lines: number[] }>(sql`
    SELECT attribution AS reason, count(*) AS n, (array_agg(line ORDER BY line))[1:5] AS lines
      FROM results_staging WHERE kind = 'skip' GROUP BY attribution ORDER BY min(line)`);
  let skipped = 0;
  const reasons = result.rows.map((row) => {
    const n = toNumber(row.n);
    skipped += n;
    const more = n > row.lines.length ? ` and ${n - row.lines.length} more` : '';
    return `${row.reason}: ${n === 1 ? 'line' : 'lines'} ${row.lines.join(', ')}${more}`;
  });
  return { skipped, skippedReason: reasons.length > 0 ? reasons.join('; ') : null };
}

// A known contribution with any of these different counts as updated.
const dataOf = (alias: string) => sql.raw(`(${STAGED_DATA_COLUMNS.map((column) => `${alias}.${column}`).join(', ')})`);

/**
 * Moves the staging table's gifts into contributions (checkStaged has refused two of one id), then its reversals into
 * theirs (storeReversals): a new id is added,
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
      SELECT line, source_id, contributed_at, amount_cents, recurrence_number, donor_hash, ${STAGED_CODES}, campaign,
             vendor_id, send_id, attribution, matched_code
        FROM results_staging WHERE kind = 'gift'
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
             recurrence_number = s.recurrence_number,
             donor_hash = s.donor_hash, codes = s.codes, campaign = s.campaign, vendor_id = s.vendor_id,
             send_id = s.send_id, attribution = s.attribution, matched_code = s.matched_code,
             is_new_donor = s.is_new_donor
        FROM results_src s
       WHERE c.client_slug = ${clientSlug} AND c.source_id = s.source_id`);
  }
  await tx.execute(sql`
    INSERT INTO ${contributions} (client_slug, source_id, import_id, contributed_at, amount_cents, recurrence_number,
           donor_hash, codes, campaign, vendor_id, send_id, attribution, matched_code, is_new_donor)
    SELECT ${clientSlug}, s.source_id, ${importId}, s.contributed_at, s.amount_cents, s.recurrence_number, s.donor_hash, s.codes, s.campaign, s.vendor_id, s.send_id, s.attribution,
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
  await storeReversals(tx, clientSlug, importId);
  // Fresh statistics, so that the figures' queries plan for the rows just written.
  await tx.execute(sql`ANALYZE ${contributions}`);
  const result = await tx.execute(sql`
    SELECT count(*) FILTER (WHERE kind = 'gift') AS rows,
           count(*) FILTER (WHERE attribution LIKE 'code:%' OR attribution LIKE 'campaign:%') AS matched,
           count(*) FILTER (WHERE kind = 'gift' AND attribution IN ('unmatched', 'ambiguous')) AS unmatched,
           count(*) FILTER (WHERE attribution = 'outside-window') AS outside_window,
           count(*) FILTER (WHERE kind IN ${REVERSAL_KINDS} OR kind = 'gift' AND refunded_cents > 0) AS refunded,
           count(*) FILTER (WHERE kind IN ${REVERSAL_KINDS}) AS reversals
      FROM results_staging`);
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
    reversals: toNumber(row.reversals),
    ...(await skippedRows(tx)),
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
      reversals: 0,
      skipped: 0,
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
      reversals: resultImports.reversals,
      skipped: resultImports.skipped,
      skippedReason: resultImports.skippedReason,
      createdAt: resultImports.createdAt,
      email: users.email,
    })
    .from(resultImports)
    .leftJoin(users, eq(users.id, resultImports.createdByUserId))
    .where(eq(resultImports.clientSlug, clientSlug))
    .orderBy(desc(resultImports.createdAt), desc(resultImports.id));
}

/**
 * Deletes an import, the contributions and reversals it owns (the latest import that carried them), and works out
 * again the refunded amounts of the client's contributions. Its client, or undefined.
 */
export async function deleteImport(tx: Db, importId: number): Promise<string | undefined> {
  await tx.delete(contributions).where(eq(contributions.importId, importId));
  await tx.delete(contributionReversals).where(eq(contributionReversals.importId, importId));
  const [row] = await tx
    .delete(resultImports)
    .where(eq(resultImports.id, importId))
    .returning({ clientSlug: resultImports.clientSlug });
  if (row) await applyReversals(tx, row.clientSlug, null);
  return row?.clientSlug;
}
