/** Where a deployed quantity came from: the vendor's own link, or a person of the agency ('Record an update'). */
export type QuantitySource = 'vendor' | 'staff';

export interface ReportedQuantity {
  deployed: number | null;
  source: QuantitySource | null;
  /** The planned quantity the vendor confirmed when it scheduled. */
  planned: number | null;
  /** The admin's limit for this vendor, used when nothing was planned. */
  vendorLimit: number | null;
  /** An admin accepted the quantity above the planned one (or the limit). */
  accepted: boolean;
}

export interface CountedQuantity {
  /** What a CPM amount counts; null when nothing was reported. */
  quantity: number | null;
  /** The vendor claimed more than it may count without an admin's acceptance. */
  needsReview: boolean;
}

/**
 * A vendor's quantity is a claim, not a bill: it counts up to what it planned (or, without a plan, up to its limit)
 * until an admin accepts the rest. A quantity the agency recorded counts as recorded.
 */
export function countedQuantity(report: ReportedQuantity): CountedQuantity {
  const { deployed } = report;
  if (deployed === null) return { quantity: null, needsReview: false };
  if (report.source !== 'vendor' || report.accepted) return { quantity: deployed, needsReview: false };
  // With neither a plan nor a limit, nothing of the claim counts until an admin accepts it.
  const ceiling = report.planned ?? report.vendorLimit ?? 0;
  if (deployed <= ceiling) return { quantity: deployed, needsReview: false };
  return { quantity: ceiling, needsReview: true };
}
