import type { RecentVendorPerformance } from '#shared/contracts/performance';
import { formatCents } from '#shared/payouts/money';
import { formatBasisPoints } from '#shared/payouts/performance';

/** A vendor's last 90 days for the chosen client, under its name in 'Select Vendors'. */
export function VendorResults({ figures }: { figures: RecentVendorPerformance | undefined }) {
  if (!figures || figures.contributions === 0) {
    return <span className="block text-xs text-slate-500">No results yet</span>;
  }
  const cost = figures.costPerNewDonorCents;
  const roi = figures.roiBasisPoints;
  return (
    <span className="tabular block text-xs text-slate-700" title="Last 90 days for this client">
      Last 90 days: {cost === null ? 'no new donors' : `${formatCents(cost)} per new donor`}
      {' · '}
      {roi === null ? 'ROI unknown' : `ROI ${formatBasisPoints(roi)}`}
    </span>
  );
}
