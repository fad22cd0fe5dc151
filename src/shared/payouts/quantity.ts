/** Where a quantity came from: the vendor's own link, or a person of the agency ('Record an update'). */
export type QuantitySource = 'vendor' | 'staff';

export interface ReportedQuantity {
  deployed: number | null;
  source: QuantitySource | null;
  /** The planned quantity of the tracking. */
  planned: number | null;
  /** Who set the planned quantity: a plan the vendor scheduled itself is a claim, not a ceiling (decision 0072). */
  plannedSource?: QuantitySource | null;
  /** The admin's limit for this vendor. */
  vendorLimit: number | null;
  /** An admin accepted the quantity reported above what counts unaccepted. */
  accepted: boolean;
}

export interface CountedQuantity {
  /** What a CPM amount counts; null when nothing was reported. */
  quantity: number | null;
  /** The vendor claimed more than it may count without an admin's acceptance. */
  needsReview: boolean;
}

/**
 * What a vendor's word may count without an admin (decision 0072): up to the smaller of the team's plan and the
 * admin's limit for the vendor; a plan the vendor set itself lowers that ceiling (it is what the vendor said it would
 * deploy) but never raises it. With neither a team's plan nor a limit, nothing counts unaccepted.
 */
export function claimCeiling(report: Pick<ReportedQuantity, 'planned' | 'plannedSource' | 'vendorLimit'>): number {
  const isVendorPlan = report.plannedSource === 'vendor';
  const teamPlan = isVendorPlan ? null : report.planned;
  const bounds = [teamPlan, report.vendorLimit].filter((bound): bound is number => bound !== null);
  if (bounds.length === 0) return 0;
  if (isVendorPlan && report.planned !== null) bounds.push(report.planned);
  return Math.min(...bounds);
}

/**
 * A vendor's quantity is a claim, not a bill: it counts up to `claimCeiling` until an admin accepts the rest. A
 * quantity the agency recorded counts as recorded.
 */
export function countedQuantity(report: ReportedQuantity): CountedQuantity {
  const { deployed } = report;
  if (deployed === null) return { quantity: null, needsReview: false };
  if (report.source !== 'vendor' || report.accepted) return { quantity: deployed, needsReview: false };
  const ceiling = claimCeiling(report);
  if (deployed <= ceiling) return { quantity: deployed, needsReview: false };
  return { quantity: ceiling, needsReview: true };
}
