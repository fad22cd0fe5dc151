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

export const PERFORMANCE_COLUMNS: readonly PerformanceColumn[] = [
  {
    key: 'sends',
    label: 'Sends',
    value: (v) => v.sends.value,
    text: (v) => String(v.sends.value),
    sendIds: (v) => v.sends.sendIds,
  },
  {
    key: 'quantity',
    label: 'Quantity deployed',
    value: (v) => v.quantityDeployed.value,
    text: (v) => v.quantityDeployed.value.toLocaleString('en-US'),
    sendIds: (v) => v.quantityDeployed.sendIds,
  },
  {
    key: 'net',
    label: 'Net raised',
    value: (v) => v.netCents.value,
    text: (v) => money(v.netCents.value),
    sendIds: (v) => v.netCents.sendIds,
  },
  {
    key: 'owed',
    label: 'Owed',
    value: (v) => v.owedCents.value,
    text: (v) => money(v.owedCents.value) + (v.unknownOwed.value > 0 ? ` + ${v.unknownOwed.value} unknown` : ''),
    sendIds: (v) => [...v.owedCents.sendIds, ...v.unknownOwed.sendIds].sort((a, b) => a - b),
  },
  {
    key: 'roi',
    label: 'ROI',
    value: (v) => v.roiBasisPoints.value,
    text: (v) => ratio(v.roiBasisPoints.value),
    sendIds: (v) => v.roiBasisPoints.sendIds,
  },
  {
    key: 'costPerDonor',
    label: 'Cost per donor',
    value: (v) => v.costPerDonorCents.value,
    text: (v) => money(v.costPerDonorCents.value),
    sendIds: (v) => v.costPerDonorCents.sendIds,
  },
  {
    key: 'costPerNewDonor',
    label: 'Cost per new donor',
    value: (v) => v.costPerNewDonorCents.value,
    text: (v) => money(v.costPerNewDonorCents.value),
    sendIds: (v) => v.costPerNewDonorCents.sendIds,
  },
  {
    key: 'onTime',
    label: 'On time',
    value: (v) => v.onTimeRateBasisPoints.value,
    text: (v) => ratio(v.onTimeRateBasisPoints.value),
    sendIds: (v) => v.onTimeRateBasisPoints.sendIds,
  },
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
