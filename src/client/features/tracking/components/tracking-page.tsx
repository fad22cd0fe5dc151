import { useId, useState } from 'react';
import { CLIENTS } from '#shared/clients';
import { TRACKING_STATUSES, TRACKING_STATUS_LABELS, type TrackingBoardItem, type TrackingBoardQuery } from '#shared/contracts/tracking';
import { formatDollars } from '#shared/rules/pricing';
import { totalSpend } from '#shared/rules/spend';
import { formatQuantity } from '#shared/rules/tracking';
import { useVendors } from '#client/api/vendors';
import { Badge } from '#client/components/ui/badge';
import { Button } from '#client/components/ui/button';
import { Input, Label } from '#client/components/ui/input';
import { Skeleton } from '#client/components/ui/skeleton';
import { PageHeader } from '#client/features/layout/page-header';
import { useTrackingBoard } from '../api/tracking-board';
import { SeedTestReviewActions } from './seed-test-review';

const selectClass =
  'h-9 w-full rounded-[var(--radius-card)] border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100';

const sentAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function Filters({ values, onChange }: { values: TrackingBoardQuery; onChange: (values: TrackingBoardQuery) => void }) {
  const id = useId();
  const vendors = useVendors();
  return (
    <div role="search" aria-label="Filter deployments" className="mb-4 grid gap-3 rounded-[var(--radius-card)] border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-4">
      <div>
        <Label htmlFor={`${id}-client`}>Client</Label>
        <select id={`${id}-client`} className={selectClass} value={values.client ?? ''} onChange={(event) => onChange({ ...values, client: event.target.value })}>
          <option value="">All clients</option>
          {CLIENTS.map((client) => (
            <option key={client.slug} value={client.slug}>
              {client.displayName}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor={`${id}-vendor`}>Vendor</Label>
        <select id={`${id}-vendor`} className={selectClass} value={values.vendor ?? ''} onChange={(event) => onChange({ ...values, vendor: event.target.value })}>
          <option value="">All vendors</option>
          {[...(vendors.data ?? [])]
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((vendor) => (
              <option key={vendor.vendorId} value={vendor.vendorId}>
                {vendor.name}
              </option>
            ))}
        </select>
      </div>
      <div>
        <Label htmlFor={`${id}-from`}>Sent from</Label>
        <Input id={`${id}-from`} type="date" value={values.from ?? ''} onChange={(event) => onChange({ ...values, from: event.target.value })} />
      </div>
      <div>
        <Label htmlFor={`${id}-to`}>Sent until</Label>
        <Input id={`${id}-to`} type="date" value={values.to ?? ''} onChange={(event) => onChange({ ...values, to: event.target.value })} />
      </div>
    </div>
  );
}

function Card({ item }: { item: TrackingBoardItem }) {
  const { tracking } = item;
  return (
    <li className={`rounded-md border bg-white p-2.5 text-[13px] ${item.isOverdue ? 'border-red-300' : 'border-slate-200'}`}>
      <div className="flex items-start justify-between gap-2">
        <span className="font-medium text-slate-900">{item.vendorName}</span>
        {item.isOverdue ? <Badge tone="danger">Overdue</Badge> : null}
      </div>
      <p className="text-slate-700">{item.clientName ?? 'No client'}</p>
      <p className="text-slate-500 tabular-nums">Sent {sentAt.format(new Date(item.sentAt))}</p>
      {tracking.scheduledDate ? (
        <p className="text-slate-700 tabular-nums">
          {tracking.scheduledDate} {tracking.scheduledTime} · {formatQuantity(tracking.plannedQuantity ?? 0)} planned
        </p>
      ) : null}
      {tracking.deployedDate ? (
        <p className="text-slate-700 tabular-nums">
          Deployed {tracking.deployedDate} · {formatQuantity(tracking.deployedQuantity ?? 0)}
        </p>
      ) : null}
      <p className="text-slate-600">{item.terms}</p>
      {item.spend.actual !== null || item.spend.planned !== null ? (
        <p className="font-medium text-slate-800 tabular-nums">
          {item.spend.actual !== null ? `Spend ${formatDollars(item.spend.actual)}` : `Expected ${formatDollars(item.spend.planned!)}`}
        </p>
      ) : null}
      {tracking.cannotDeployReason ? <p className="text-red-700">{tracking.cannotDeployReason}</p> : null}
      {tracking.note ? <p className="text-slate-600">Note: {tracking.note}</p> : null}
      {tracking.reviewNote && (tracking.status === 'approved' || tracking.status === 'changes-requested') ? (
        <p className="text-slate-700">Team: {tracking.reviewNote}</p>
      ) : null}
      <SeedTestReviewActions item={item} />
    </li>
  );
}

/** Every tracked deployment as a board: a column per status, overdue ones marked. */
export function TrackingPage() {
  const [filters, setFilters] = useState<TrackingBoardQuery>({});
  const board = useTrackingBoard(filters);
  return (
    <>
      <PageHeader title="Tracking" description="Where each vendor's deployment stands." />
      <main className="mx-auto max-w-[1600px] p-4 md:p-6">
        <Filters values={filters} onChange={setFilters} />
        {board.isError ? (
          <div role="alert" className="flex items-center gap-3 rounded-[var(--radius-card)] border border-red-200 bg-red-50 p-4 text-red-800">
            The board could not be loaded. <Button variant="secondary" size="sm" onClick={() => void board.refetch()}>Retry</Button>
          </div>
        ) : board.isPending ? (
          <Skeleton className="h-64" />
        ) : board.data.items.length === 0 ? (
          <p className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-6 text-sm text-slate-600">No deployments to track.</p>
        ) : (
          <>
          <p className="mb-3 text-sm text-slate-700 tabular-nums">
            Expected spend of these deployments:{' '}
            <span className="font-semibold text-slate-900">
              {formatDollars(totalSpend(board.data.items.map((item) => ({ status: item.tracking.status, spend: item.spend }))).expected ?? 0)}
            </span>{' '}
            (CPM and CPD; Revshare and CPA by their terms)
          </p>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 2xl:grid-cols-8">
            {TRACKING_STATUSES.map((status) => {
              const items = board.data.items.filter((item) => item.tracking.status === status);
              return (
                <section key={status} aria-label={TRACKING_STATUS_LABELS[status]} className="min-w-0 rounded-[var(--radius-card)] bg-slate-100 p-2">
                  <h2 className="mb-2 flex items-center justify-between px-1 text-[13px] font-semibold text-slate-800">
                    {TRACKING_STATUS_LABELS[status]} <span className="tabular-nums text-slate-600">{items.length}</span>
                  </h2>
                  <ul className="grid gap-2">
                    {items.map((item) => (
                      <Card key={`${item.logId}-${item.vendorId}`} item={item} />
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
          </>
        )}
      </main>
    </>
  );
}
