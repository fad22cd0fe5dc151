import { RotateCw, Send } from 'lucide-react';
import type { SendDelivery, SendEntry } from '#shared/contracts/sends';
import { owedTotalText } from '#shared/payouts/owed-text';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Skeleton } from '#client/components/ui/skeleton';
import { failureToast } from '#client/components/ui/failure-toast';
import { toast } from '#client/components/ui/use-toast';
import { useRetryFailed } from '#client/api/sends';
import { cardCountsOf, clientNameOf, plural, vendorDeliveriesOf } from '../utils/entry-text';
import { formatSentAt } from '../utils/format-date';
import { deliveryCostText, sendSpendText } from '../utils/spend-text';
import { DeliveryBadge, deliveryNote } from './delivery-status';
import { ReuseSendActions } from './reuse-send-actions';
import { TrackingStatus } from './tracking-status';

/**
 * One send in the log. The date is the button that opens its details; its ::after covers the whole card, so a click
 * anywhere opens them. The card's own actions sit above that layer.
 */
export function LogEntryCard({
  entry,
  onOpen,
  onSendAgain,
  onUseAsNew,
  onAddVendors,
  isUsingAsNew = false,
}: {
  entry: SendEntry;
  onOpen: () => void;
  onSendAgain: (delivery: SendDelivery) => void;
  onUseAsNew: () => void;
  onAddVendors: () => void;
  isUsingAsNew?: boolean;
}) {
  const retryFailed = useRetryFailed();
  const clientName = clientNameOf(entry);
  const vendors = vendorDeliveriesOf(entry).filter(({ delivery }) => !delivery?.addedAt);
  const added = entry.deliveries.filter((delivery) => delivery.addedAt);
  const cardSubjects = entry.cardDetails.emailCards.flatMap((card) => (card.subject ? [card.subject] : []));
  const spend = sendSpendText(entry);
  const failedCount = entry.deliveries.filter((delivery) => delivery.status === 'failed').length;
  const notes = entry.deliveries.flatMap((delivery) => {
    const note = deliveryNote(delivery);
    return note ? [{ delivery, note }] : [];
  });

  function retry() {
    retryFailed.mutate(entry.id, {
      onSuccess: (result) =>
        toast(
          result.requeued === 0
            ? { title: 'Nothing to retry', description: 'No delivery of this send has failed.' }
            : {
                title: 'Failed deliveries retried',
                description: `${plural(result.requeued, 'message')} re-queued: ${result.mailed} mailed, ${result.pending} pending, ${result.failed} failed${result.uncertain ? `, ${result.uncertain} uncertain` : ''}.`,
                variant: result.failed > 0 ? 'destructive' : 'default',
              },
        ),
      onError: (error) => failureToast('Could not retry', error),
    });
  }

  return (
    <article
      data-testid={`log-entry-${entry.id}`}
      className="relative rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 transition-colors duration-150 hover:border-slate-300 hover:bg-slate-50/60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
    >
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-56">
          <h2 className="text-sm font-semibold text-slate-900">
            <button
              type="button"
              onClick={onOpen}
              aria-haspopup="dialog"
              className="tabular text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
            >
              {formatSentAt(entry.sentAt)}
              <span className="sr-only">: show the Deployment Details</span>
            </button>
          </h2>
          {cardSubjects.length > 0 ? (
            <p className="mt-0.5 truncate text-sm text-slate-800" title={cardSubjects.join(' · ')}>
              {cardSubjects.join(' · ')}
            </p>
          ) : null}
          <p className="mt-0.5 text-[13px] text-slate-600">
            <span>{plural(entry.vendors.length, 'vendor')}</span>
            <span aria-hidden> · </span>
            <span>{cardCountsOf(entry)}</span>
            <span aria-hidden> · </span>
            <span className="wrap-anywhere">by {entry.sentBy}</span>
          </p>
        </div>
        {clientName ? <Badge tone="brand">{clientName}</Badge> : null}
        {entry.filesRemovedAt ? null : (
          <ReuseSendActions
            onUseAsNew={onUseAsNew}
            onAddVendors={onAddVendors}
            isUsingAsNew={isUsingAsNew}
            className="relative z-10"
          />
        )}
        {failedCount > 0 ? (
          <Button
            variant="secondary"
            size="sm"
            className="relative z-10"
            disabled={retryFailed.isPending}
            onClick={retry}
          >
            <RotateCw aria-hidden className={retryFailed.isPending ? 'h-3.5 w-3.5 animate-spin' : 'h-3.5 w-3.5'} />
            {retryFailed.isPending ? 'Retrying...' : 'Retry failed'}
          </Button>
        ) : null}
      </div>

      <ul aria-label="Vendors" className="mt-3 flex flex-wrap gap-1.5">
        {vendors.map(({ name, delivery }) => (
          <li
            key={delivery?.vendorId ?? name}
            className="flex min-w-0 max-w-full flex-wrap items-center gap-1.5 rounded-md border border-slate-200 bg-white py-0.5 pl-2 pr-1 text-[13px]"
          >
            <span className="min-w-0 truncate">{name}</span>
            {delivery ? <DeliveryBadge status={delivery.status} /> : null}
            {delivery?.tracking && delivery.status === 'sent' ? <TrackingStatus tracking={delivery.tracking} /> : null}
            {delivery && deliveryCostText(delivery) ? (
              <span className="tabular-nums text-slate-600">{deliveryCostText(delivery)}</span>
            ) : null}
          </li>
        ))}
      </ul>
      {entry.owed ? (
        <p className="mt-2 text-[13px] text-slate-600 tabular-nums">
          <span className="font-medium text-slate-700">Owed:</span> {owedTotalText(entry.owed)}
        </p>
      ) : spend ? (
        <p className="mt-2 text-[13px] text-slate-600 tabular-nums">
          <span className="font-medium text-slate-700">Expected spend:</span> {spend}
        </p>
      ) : null}

      {added.length > 0 ? (
        <div className="mt-2">
          <h3 className="text-[13px] font-medium text-slate-700">Added later</h3>
          <ul aria-label="Added vendors" className="mt-1 flex flex-wrap gap-1.5">
            {added.map((delivery) => (
              <li
                key={delivery.vendorId}
                className="flex min-w-0 flex-wrap items-center gap-1.5 rounded-md border border-dashed border-slate-300 bg-white py-0.5 pl-2 pr-1 text-[13px]"
              >
                <span className="min-w-0 truncate">{delivery.vendorName}</span>
                <DeliveryBadge status={delivery.status} />
                <span className="tabular text-slate-600">{formatSentAt(delivery.addedAt!)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {notes.length > 0 ? (
        <ul aria-label="Delivery problems" className="mt-2 grid gap-1.5">
          {notes.map(({ delivery, note }) => (
            <li
              key={delivery.vendorId}
              className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-[13px] ${delivery.status === 'failed' ? 'text-red-700' : delivery.status === 'uncertain' ? 'text-amber-800' : 'text-slate-600'}`}
            >
              <span className="min-w-0 flex-1 basis-52 wrap-anywhere">
                <span className="font-medium">{delivery.vendorName}:</span> {note}
              </span>
              {delivery.status === 'uncertain' ? (
                <Button
                  variant="secondary"
                  size="sm"
                  className="relative z-10"
                  aria-label={`Send again to ${delivery.vendorName}`}
                  onClick={() => onSendAgain(delivery)}
                >
                  <Send aria-hidden className="h-3.5 w-3.5" />
                  Send again
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      {entry.approvalEmails.length > 0 ? (
        <p className="mt-2 text-[13px] text-slate-600 wrap-anywhere">
          <span className="font-medium text-slate-700">CC&apos;d:</span> {entry.approvalEmails.join(', ')}
        </p>
      ) : null}
    </article>
  );
}

export function LogEntrySkeleton() {
  return (
    <div className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4">
      <Skeleton className="h-4 w-48" />
      <Skeleton className="mt-2 h-3 w-72 max-w-full" />
      <div className="mt-4 flex gap-2">
        <Skeleton className="h-6 w-28" />
        <Skeleton className="h-6 w-24" />
      </div>
    </div>
  );
}
