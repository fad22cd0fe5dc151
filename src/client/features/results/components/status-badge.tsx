import type { AttributionStatus } from '#shared/contracts/results';
import { Badge } from '#client/components/ui/badge';

const STATUS: Record<AttributionStatus, { label: string; tone: 'success' | 'warning' | 'neutral' }> = {
  matched: { label: 'Matched', tone: 'success' },
  unmatched: { label: 'Unmatched', tone: 'warning' },
  'outside-window': { label: 'Outside the window', tone: 'warning' },
  'not-counted': { label: 'Not counted', tone: 'neutral' },
};

export function StatusBadge({ status }: { status: AttributionStatus }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}
