import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import type { SettledSend } from '#shared/payouts/ledger';
import { statementAdjustments, statementCarriedBalances, statementLines, statements } from '#server/db/schema';

/** What finalized statements settled and carried: the rows the vendor's books (books.ts) are read from. */

const number = (value: unknown) => Number(value ?? 0);
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** A vendor's send as its finalized statements settled it (see SettledSend in shared/payouts/ledger.ts). */
export interface VendorSettledSend extends SettledSend {
  vendorId: string;
}

/**
 * Every send a finalized statement settled (its line, or for a late send its first adjustment) with the adjustments
 * finalized for it since: of one vendor, or of all. The latest entry's figures are what it was settled at.
 */
export async function listSettledSends(db: Db, vendorId?: string): Promise<VendorSettledSend[]> {
  const vendor = vendorId === undefined ? sql`true` : sql`s.vendor_id = ${vendorId}`;
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT s.vendor_id, l.send_id, s.month, s.month AS from_month, true AS is_line, l.owed_cents, l.net_cents,
           l.gross_cents, l.refunded_cents, l.quantity
      FROM ${statementLines} l JOIN ${statements} s ON s.id = l.statement_id
     WHERE ${vendor}
    UNION ALL
    SELECT s.vendor_id, a.send_id, s.month, a.from_month, false, a.owed_cents, a.net_cents, a.gross_cents,
           a.refunded_cents, a.quantity
      FROM ${statementAdjustments} a JOIN ${statements} s ON s.id = a.statement_id
     WHERE ${vendor}
     ORDER BY 1, 2, 3, 5 DESC`);
  const sends = new Map<string, VendorSettledSend>();
  for (const row of result.rows) {
    const key = `${row.vendor_id as string}:${number(row.send_id)}`;
    const owed = numberOrNull(row.owed_cents);
    const before = sends.get(key);
    const figures = {
      lastMonth: row.month as string,
      netCents: number(row.net_cents),
      grossCents: numberOrNull(row.gross_cents),
      refundedCents: numberOrNull(row.refunded_cents),
      quantity: numberOrNull(row.quantity),
    };
    sends.set(
      key,
      before
        ? { ...before, ...figures, owedCents: (before.owedCents ?? 0) + (owed ?? 0) }
        : {
            vendorId: row.vendor_id as string,
            sendId: number(row.send_id),
            fromMonth: row.from_month as string,
            owedCents: row.is_line === true ? owed : (owed ?? 0),
            ...figures,
          },
    );
  }
  return [...sends.values()];
}

/** The finalized statements' months and totals, and whether a later one holds the balance: of one vendor, or of all. */
export async function listFinalizedTotals(db: Db, vendorId?: string) {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT s.vendor_id, s.month, s.owed_cents,
           EXISTS (SELECT 1 FROM ${statementCarriedBalances} c JOIN ${statements} later ON later.id = c.statement_id
                    WHERE later.vendor_id = s.vendor_id AND c.from_month = s.month) AS is_carried
      FROM ${statements} s
     WHERE ${vendorId === undefined ? sql`true` : sql`s.vendor_id = ${vendorId}`}
     ORDER BY s.vendor_id, s.month`);
  return result.rows.map((row) => ({
    vendorId: row.vendor_id as string,
    month: row.month as string,
    owedCents: number(row.owed_cents),
    isCarried: row.is_carried === true,
  }));
}

/** The month of the finalized statement that holds a month's negative balance; undefined while none does. */
export async function carriedInto(db: Db, vendorId: string, fromMonth: string): Promise<string | undefined> {
  const [row] = await db
    .select({ month: statements.month })
    .from(statementCarriedBalances)
    .innerJoin(statements, eq(statements.id, statementCarriedBalances.statementId))
    .where(and(eq(statements.vendorId, vendorId), eq(statementCarriedBalances.fromMonth, fromMonth)));
  return row?.month;
}

/** The negative balances a finalized statement opened with. */
export async function readCarried(db: Db, statementId: number) {
  return db
    .select({ fromMonth: statementCarriedBalances.fromMonth, owedCents: statementCarriedBalances.owedCents })
    .from(statementCarriedBalances)
    .where(eq(statementCarriedBalances.statementId, statementId))
    .orderBy(asc(statementCarriedBalances.fromMonth));
}
