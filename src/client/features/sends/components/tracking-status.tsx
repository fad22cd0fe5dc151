import { TRACKING_STATUS_LABELS, type TrackingState } from '#shared/contracts/responses/tracking';
import { formatQuantity } from '#shared/rules/tracking';
import { Badge } from '#client/components/ui/badge';
import { formatSentAt } from '../utils/format-date';

const TONES = {
  sent: 'neutral',
  received: 'brand',
  scheduled: 'brand',
  'seed-test-sent': 'warning',
  approved: 'success',
  'changes-requested': 'danger',
  deployed: 'success',
  'cannot-deploy': 'danger',
} as const;

/** Where the vendor's deployment stands (issue 14), with the date and quantity when it has them, and when it was last reminded. */
export function TrackingStatus({ tracking }: { tracking: TrackingState }) {
  const detail =
    tracking.status === 'deployed' && tracking.deployedDate
      ? `${tracking.deployedDate} · ${formatQuantity(tracking.deployedQuantity ?? 0)}`
      : tracking.scheduledDate && tracking.status !== 'cannot-deploy'
        ? `${tracking.scheduledDate} ${tracking.scheduledTime ?? ''} · ${formatQuantity(tracking.plannedQuantity ?? 0)}`
        : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge tone={TONES[tracking.status]}>{TRACKING_STATUS_LABELS[tracking.status]}</Badge>
      {detail ? <span className="tabular-nums text-slate-600">{detail}</span> : null}
      {tracking.remindedAt ? (
        <span className="tabular-nums text-amber-800">Reminded {formatSentAt(tracking.remindedAt)}</span>
      ) : null}
    </span>
  );
}
