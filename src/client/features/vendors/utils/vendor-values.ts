import { DEFAULT_SPLIT, SPLIT_PATTERN } from '#shared/contracts/vendor-terms';
import type { Vendor, VendorCosts } from '#shared/contracts/vendors';

/** The UTM source links are matched by: the user's override when it holds text, else the vendor's default. */
export function effectiveUtmSource(vendor: Vendor, override: string | undefined): string {
  return override?.trim() ? override : vendor.defaultUtmSource;
}

/** The vendor's share of a split 'A/B' as the slider shows it; the 50/50 default when none is stored. */
export function splitShare(splitRatio: string | undefined): number {
  const match = SPLIT_PATTERN.exec((splitRatio ?? DEFAULT_SPLIT).trim());
  const share = match ? Number(match[1]) : 50;
  return Math.min(100, Math.max(0, share));
}

export const splitRatioOf = (share: number) => `${share}/${100 - share}`;

export type CostField = Exclude<keyof VendorCosts, 'vendorId'>;
export type CostDraft = Record<CostField, string>;

export const COST_FIELDS: CostField[] = [
  'costPerDonor',
  'cpdBudget',
  'costPerAcquisition',
  'cpaBudget',
  'costPerThousand',
  'cpmBudget',
];

export function costDraftOf(costs: VendorCosts | undefined): CostDraft {
  return Object.fromEntries(
    COST_FIELDS.map((field) => [field, costs?.[field] == null ? '' : String(costs[field])]),
  ) as CostDraft;
}

/** What the server stores: a number, or null for an empty (or unreadable) field. */
export function costsBody(vendorId: string, draft: CostDraft): VendorCosts {
  const values = Object.fromEntries(
    COST_FIELDS.map((field) => {
      const text = draft[field].trim();
      const value = text === '' ? null : Number(text);
      return [field, value === null || Number.isNaN(value) ? null : value];
    }),
  ) as Omit<VendorCosts, 'vendorId'>;
  return { vendorId, ...values };
}
