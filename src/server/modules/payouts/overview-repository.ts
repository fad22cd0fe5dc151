import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';

/** The month's finalized statements, with what they carried in, their counts and whether their message went out. */
export async function finalizedOfMonth(db: Db, month: string) {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT s.vendor_id, s.vendor_name, s.owed_cents, s.unknown_lines, s.paid_on, s.payment_reference,
           (SELECT count(*) FROM statement_lines l WHERE l.statement_id = s.id) AS lines,
           (SELECT count(*) FROM statement_adjustments a WHERE a.statement_id = s.id) AS adjustments,
           (SELECT coalesce(sum(c.owed_cents), 0) FROM statement_carried_balances c WHERE c.statement_id = s.id)
             AS carried,
           EXISTS (SELECT 1 FROM email_deliveries d WHERE d.statement_id = s.id AND d.kind = 'statement'
                     AND d.status = 'sent') AS mailed
      FROM statements s
     WHERE s.month = ${month}`);
  return result.rows;
}

export async function vendorNames(db: Db): Promise<Map<string, string>> {
  const result = await db.execute<{ vendor_id: string; name: string }>(sql`SELECT vendor_id, name FROM vendors`);
  return new Map(result.rows.map((row) => [row.vendor_id, row.name]));
}
