import type { VendorPerformance } from '#shared/contracts/performance';
import { formatCents } from '#shared/payouts/money';
import { formatBasisPoints } from '#shared/payouts/performance';

/** A figure of the performance table: its header, how it reads, and its value to sort by (null: unknown, last). */
export interface PerformanceColumn {
  key: string;
  label: string;
  value(vendor: VendorPerformance): number | null;
  text(vendor: VendorPerformance): string;
  sendIds(vendor: VendorPerformance): number[];
}

const money = (cents: number | null) => (cents === null ? '—' : formatCents(cents));
const ratio = (basisPoints: number | null) => (basisPoints === null ? '—' : formatBasisPoints(basisPoints));

type Figure = { value: number | null; sendIds: number[] };

/** A column of one sourced figure: its value, its text, its sends. */
const column = (
  key: string,
  label: string,
  figure: (vendor: VendorPerformance) => Figure,
  format: (value: number | null) => string,
): PerformanceColumn => ({
  key,
  label,
  value: (v) => figure(v).value,
  text: (v) => format(figure(v).value),
  sendIds: (v) => figure(v).sendIds,
});

const count = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US'));

export const PERFORMANCE_COLUMNS: readonly PerformanceColumn[] = [
  column('sends', 'Sends', (v) => v.sends, count),
  column('quantity', 'Quantity deployed', (v) => v.quantityDeployed, count),
  column('net', 'Net raised', (v) => v.netCents, money),
  {
    // The known amounts, and how many are unknown: both lead to their sends.
    ...column('owed', 'Owed', (v) => v.owedCents, money),
    text: (v) => money(v.owedCents.value) + (v.unknownOwed.value > 0 ? ` + ${v.unknownOwed.value} unknown` : ''),
    sendIds: (v) => [...v.owedCents.sendIds, ...v.unknownOwed.sendIds].sort((a, b) => a - b),
  },
  column('roi', 'ROI', (v) => v.roiBasisPoints, ratio),
  column('costPerDonor', 'Cost per donor', (v) => v.costPerDonorCents, money),
  column('costPerNewDonor', 'Cost per new donor', (v) => v.costPerNewDonorCents, money),
  column('onTime', 'On time', (v) => v.onTimeRateBasisPoints, ratio),
];

export interface PerformanceSort {
  /** 'name' or a column's key. */
  key: string;
  direction: 'ascending' | 'descending';
}

/** The vendors in the sort's order: unknown figures last either way, then by name. */
export function sortVendors(vendors: readonly VendorPerformance[], sort: PerformanceSort): VendorPerformance[] {
  const column = PERFORMANCE_COLUMNS.find((candidate) => candidate.key === sort.key);
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...vendors].sort((a, b) => {
    if (!column) return sign * a.name.localeCompare(b.name);
    const [x, y] = [column.value(a), column.value(b)];
    if (x === null || y === null) return x === y ? a.name.localeCompare(b.name) : x === null ? 1 : -1;
    return sign * (x - y) || a.name.localeCompare(b.name);
  });
}
