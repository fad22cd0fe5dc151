import { DEFAULT_SPLIT, SPLIT_PATTERN, type PricingModel } from '../contracts/vendor-terms';
import type { VendorCosts } from '../contracts/vendors';
import { SPLIT_LABEL, termWording } from '../payouts/terms';

/** A vendor's cost and budget values; null or absent means not set. */
export type CostValues = Partial<Omit<VendorCosts, 'vendorId'>>;
type CostField = keyof CostValues;

export interface VendorTerms {
  /** The pricing model, as the preview heads the terms. */
  label: string;
  /** As people read them (termWording): ['Split: 60/40: vendor 60 %, client 40 %'] or ['Cost per donor: $12.50', …]. */
  lines: string[];
  /**
   * The same terms as label and value, the split as 'A/B': what a delivery keeps (its payout is read from them), and
   * what tables show through termValueWording.
   */
  items: { label: string; value: string }[];
  isComplete: boolean;
  /** Labels of what is missing, e.g. ['Cost per donor', 'CPD budget']. */
  missing: string[];
}

export const NOT_SET = '[Not set]';

const COST_TERMS: Record<Exclude<PricingModel, 'Revshare'>, { field: CostField; label: string }[]> = {
  CPD: [
    { field: 'costPerDonor', label: 'Cost per donor' },
    { field: 'cpdBudget', label: 'CPD budget' },
  ],
  CPA: [
    { field: 'costPerAcquisition', label: 'Cost per acquisition' },
    { field: 'cpaBudget', label: 'CPA budget' },
  ],
  CPM: [
    { field: 'costPerThousand', label: 'Cost per thousand' },
    { field: 'cpmBudget', label: 'CPM budget' },
  ],
};

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
});

/** '$5,000' for whole amounts, '$12.50' otherwise. */
export function formatDollars(amount: number): string {
  return Number.isInteger(amount) ? wholeDollars.format(amount) : dollarsAndCents.format(amount);
}

/** True for 'A/B' with two whole numbers summing to 100. */
export function isValidSplit(split: string): boolean {
  const match = SPLIT_PATTERN.exec(split.trim());
  return match !== null && Number(match[1]) + Number(match[2]) === 100;
}

function isSet(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * A vendor's terms under a pricing model. Revshare falls back to the 50/50 default when the vendor
 * has no split row (the default counts as a split); a cost of 0 is a value, only null/absent is missing.
 */
export function vendorTerms(
  model: PricingModel,
  split: string | undefined,
  costs: CostValues | undefined,
): VendorTerms {
  if (model === 'Revshare') {
    const ratio = split === undefined || split.trim() === '' ? DEFAULT_SPLIT : split.trim();
    const isComplete = isValidSplit(ratio);
    return withLines(
      'Revshare',
      [{ label: SPLIT_LABEL, value: isComplete ? ratio : NOT_SET }],
      isComplete ? [] : [SPLIT_LABEL],
    );
  }
  const items: VendorTerms['items'] = [];
  const missing: string[] = [];
  for (const { field, label } of COST_TERMS[model]) {
    const value = costs?.[field];
    items.push({ label, value: isSet(value) ? formatDollars(value) : NOT_SET });
    if (!isSet(value)) missing.push(label);
  }
  return withLines(model, items, missing);
}

function withLines(label: string, items: VendorTerms['items'], missing: string[]): VendorTerms {
  return {
    label,
    lines: items.map(termWording),
    items,
    isComplete: missing.length === 0,
    missing,
  };
}
