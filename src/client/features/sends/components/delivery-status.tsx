import type { DeliveryStatus, SendDelivery } from '#shared/contracts/sends';
import { Badge } from '#client/components/ui/badge';
import { formatSentAt } from '../utils/format-date';

const STATUSES: Record<DeliveryStatus, { label: string; tone: 'success' | 'neutral' | 'danger' | 'warning' }> = {
  sent: { label: 'Mailed', tone: 'success' },
  pending: { label: 'Pending', tone: 'neutral' },
  failed: { label: 'Failed', tone: 'danger' },
  uncertain: { label: 'Uncertain', tone: 'warning' },
};

export function DeliveryBadge({ status }: { status: DeliveryStatus }) {
  const { label, tone } = STATUSES[status];
  return <Badge tone={tone}>{label}</Badge>;
}

/** One line on what happened to a delivery beyond its badge, or null when the badge says it all. */
export function deliveryNote(delivery: SendDelivery): string | null {
  switch (delivery.status) {
    case 'failed':
      return delivery.error ?? 'The mail server did not take the message.';
    case 'uncertain':
      return delivery.error ?? 'The message may or may not have been sent: no answer came back.';
    case 'pending':
      return delivery.attempts > 0 && delivery.nextAttemptAt
        ? `Trying again ${formatSentAt(delivery.nextAttemptAt)}${delivery.error ? `: ${delivery.error}` : ''}`
        : null;
    case 'sent':
      // A message the server took for some recipients and refused for others.
      return delivery.error;
  }
}
