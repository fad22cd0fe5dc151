import type { MonthOverview, MonthOverviewRow } from '#shared/contracts/statements';
import { statementTotal } from '#shared/payouts/statement';
import type { Db } from '#server/db/client';
import { booksOf, openParts, readBooks } from './books';
import { finalizedOfMonth, vendorNames } from './overview-repository';
import { carriedTo } from './statement-service';

const number = (value: unknown) => Number(value ?? 0);

/**
 * The month at a glance (issue 34 item 5): every vendor with anything owed, adjusted or carried that month, its
 * status, owed, carried, paid on and reference, and the totals. Finalized statements as frozen; open ones worked out
 * from the books read once for every vendor.
 */
export async function monthOverview(db: Db, month: string): Promise<MonthOverview> {
  const [books, frozen, names] = await Promise.all([
    readBooks(db, month),
    finalizedOfMonth(db, month),
    vendorNames(db),
  ]);
  const rows: MonthOverviewRow[] = [];
  const frozenVendors = new Set<string>();
  const finalizedMonths = new Map<string, Set<string>>();
  for (const total of books.finalized) {
    const months = finalizedMonths.get(total.vendorId) ?? new Set<string>();
    months.add(total.month);
    finalizedMonths.set(total.vendorId, months);
  }
  for (const row of frozen) {
    const vendorId = row.vendor_id as string;
    frozenVendors.add(vendorId);
    const totalCents = number(row.owed_cents);
    const carriedCents = number(row.carried);
    rows.push({
      vendorId,
      vendorName: names.get(vendorId) ?? (row.vendor_name as string | null),
      status: row.paid_on ? 'paid' : row.mailed === true ? 'mailed' : 'finalized',
      lines: number(row.lines),
      adjustments: number(row.adjustments),
      owedCents: totalCents - carriedCents,
      carriedCents,
      totalCents,
      unknownLines: number(row.unknown_lines),
      carriedTo: await carriedTo(db, vendorId, month, totalCents),
      paidOn: (row.paid_on as string | null) ?? null,
      reference: (row.payment_reference as string | null) ?? null,
    });
  }
  const open = new Set([...books.sends.map((send) => send.vendorId), ...finalizedMonths.keys()]);
  for (const vendorId of open) {
    if (frozenVendors.has(vendorId)) continue;
    const { lines, adjustments, carried } = openParts(booksOf(books, vendorId), month);
    if (lines.length + adjustments.length + carried.length === 0) continue;
    const owed = statementTotal(lines, adjustments);
    const carriedCents = statementTotal([], carried).owedCents;
    rows.push({
      vendorId,
      vendorName: names.get(vendorId) ?? lines[0]?.vendorName ?? null,
      status: 'open',
      lines: lines.length,
      adjustments: adjustments.length,
      owedCents: owed.owedCents,
      carriedCents,
      totalCents: owed.owedCents + carriedCents,
      unknownLines: owed.unknownLines,
      carriedTo: null,
      paidOn: null,
      reference: null,
    });
  }
  rows.sort(
    (a, b) =>
      (a.vendorName ?? a.vendorId).localeCompare(b.vendorName ?? b.vendorId) || a.vendorId.localeCompare(b.vendorId),
  );
  const sum = (pick: (row: MonthOverviewRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    month,
    vendors: rows,
    totals: {
      owedCents: sum((row) => row.owedCents),
      carriedCents: sum((row) => row.carriedCents),
      totalCents: sum((row) => row.totalCents),
      unknownLines: sum((row) => row.unknownLines),
    },
  };
}
