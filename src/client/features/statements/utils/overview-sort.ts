import type { MonthOverviewRow } from '#shared/contracts/statements';

export type OverviewKey = 'vendor' | 'status' | 'owed' | 'carried' | 'total' | 'paidOn' | 'reference';
export interface OverviewSort {
  key: OverviewKey;
  direction: 'ascending' | 'descending';
}

const STATUS_ORDER = { open: 0, finalized: 1, mailed: 2, paid: 3 } as const;

/** The overview's columns in order: what each header says and what it sorts by. */
export const OVERVIEW_COLUMNS: {
  key: OverviewKey;
  label: string;
  isNumber: boolean;
  of: (row: MonthOverviewRow) => string | number;
}[] = [
  { key: 'vendor', label: 'Vendor', isNumber: false, of: (row) => (row.vendorName ?? row.vendorId).toLowerCase() },
  { key: 'status', label: 'Status', isNumber: false, of: (row) => STATUS_ORDER[row.status] },
  { key: 'owed', label: 'Owed', isNumber: true, of: (row) => row.owedCents },
  { key: 'carried', label: 'Carried', isNumber: true, of: (row) => row.carriedCents },
  { key: 'total', label: 'Total', isNumber: true, of: (row) => row.totalCents },
  { key: 'paidOn', label: 'Paid on', isNumber: false, of: (row) => row.paidOn ?? '' },
  { key: 'reference', label: 'Reference', isNumber: false, of: (row) => row.reference ?? '' },
];

/** The rows sorted by a column, the vendor's name breaking ties. */
export function sortOverview(rows: readonly MonthOverviewRow[], sort: OverviewSort): MonthOverviewRow[] {
  const column = OVERVIEW_COLUMNS.find((each) => each.key === sort.key) ?? OVERVIEW_COLUMNS[0]!;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const name = OVERVIEW_COLUMNS[0]!.of;
  return [...rows].sort((a, b) => {
    const [x, y] = [column.of(a), column.of(b)];
    const order = x < y ? -1 : x > y ? 1 : 0;
    return sign * order || String(name(a)).localeCompare(String(name(b)));
  });
}
