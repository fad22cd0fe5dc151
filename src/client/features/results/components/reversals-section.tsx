import type { ReversalKind } from '#shared/contracts/results';
import { formatCents } from '#shared/payouts/money';
import { ListLoadError, ListLoading } from '#client/components/lists/list-states';
import { Skeleton } from '#client/components/ui/skeleton';
import { useReversals } from '../api/reversals';
import { Panel } from './panel';

const KIND_TEXT: Record<ReversalKind, string> = { refund: 'Refund', chargeback: 'Chargeback', void: 'Void' };
const reversedOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'America/New_York' });

/**
 * Refunds, chargebacks and voids the figures cannot apply yet: those whose gift is not imported (kept, and applied
 * when a file brings it), and gifts whose reversals add up to more than their amount (counted at the amount).
 */
export function ReversalsSection({ client }: { client: string }) {
  const reversals = useReversals(client);
  if (reversals.isError) {
    return (
      <Panel title="Refunds and chargebacks">
        <ListLoadError message="The refunds could not be loaded." onRetry={() => void reversals.refetch()} />
      </Panel>
    );
  }
  if (reversals.isPending) {
    return (
      <Panel title="Refunds and chargebacks">
        <ListLoading className="grid">
          <Skeleton className="h-10" />
        </ListLoading>
      </Panel>
    );
  }
  const { waiting, capped } = reversals.data;
  if (waiting.length === 0 && capped.length === 0) return null;
  return (
    <Panel
      title="Refunds and chargebacks"
      description="Refund and chargeback rows the figures cannot apply as they are."
    >
      <div className="grid gap-4">
        {waiting.length > 0 ? (
          <div>
            <h3 className="text-[13px] font-semibold">Waiting for their gift</h3>
            <p className="text-[13px] text-slate-600">
              Their contribution is not imported yet: they count once a file brings it, and never as a gift.
            </p>
            <ul
              aria-label="Waiting for their gift"
              className="mt-1 divide-y divide-slate-100 rounded-[var(--radius-card)] border border-slate-200 text-sm"
            >
              {waiting.map((item) => (
                <li
                  key={`${item.sourceId} ${item.kind} ${item.reversedAt} ${item.amountCents}`}
                  className="flex flex-wrap gap-x-4 gap-y-0.5 px-3 py-1.5 tabular-nums"
                >
                  <span className="min-w-0 font-medium wrap-anywhere">{item.sourceId}</span>
                  <span>{KIND_TEXT[item.kind]}</span>
                  <span>{formatCents(item.amountCents)}</span>
                  <span className="text-slate-600">{reversedOn.format(new Date(item.reversedAt))}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {capped.length > 0 ? (
          <div>
            <h3 className="text-[13px] font-semibold">More than the gift</h3>
            <p className="text-[13px] text-slate-600">
              Their refunds and chargebacks add up to more than the gift: counted as the gift&apos;s amount.
            </p>
            <ul
              aria-label="More than the gift"
              className="mt-1 divide-y divide-slate-100 rounded-[var(--radius-card)] border border-slate-200 text-sm"
            >
              {capped.map((item) => (
                <li key={item.sourceId} className="flex flex-wrap gap-x-4 gap-y-0.5 px-3 py-1.5 tabular-nums">
                  <span className="min-w-0 font-medium wrap-anywhere">{item.sourceId}</span>
                  <span>
                    {formatCents(item.reversedCents)} reversed of a {formatCents(item.amountCents)} gift
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Panel>
  );
}
