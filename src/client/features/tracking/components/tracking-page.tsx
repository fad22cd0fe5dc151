import { Columns3 } from 'lucide-react';
import { useId, useState } from 'react';
import type { TrackingBoardQuery } from '#shared/contracts/tracking';
import {
  TRACKING_STATUSES,
  TRACKING_STATUS_LABELS,
  type TrackingBoard,
  type TrackingBoardItem,
} from '#shared/contracts/responses/tracking';
import { owedLabel, owedTotalText } from '#shared/payouts/owed-text';
import { statementTotal } from '#shared/payouts/statement';
import { formatDollars } from '#shared/rules/pricing';
import { totalSpend } from '#shared/rules/spend';
import { formatQuantity } from '#shared/rules/tracking';
import { ClientFilter, FilterBar, VendorFilter } from '#client/components/lists/filter-fields';
import { ListEmpty, ListLoadError, ListLoading } from '#client/components/lists/list-states';
import { Badge } from '#client/components/ui/badge';
import { Input, Label } from '#client/components/ui/input';
import { Skeleton } from '#client/components/ui/skeleton';
import { PageHeader } from '#client/features/layout/page-header';
import { useTrackingBoard } from '../api/tracking-board';
import { leftOutText, owedTotalLabel, spendTotalLabel } from '../utils/board-summary';
import { SeedTestReviewActions } from './seed-test-review';

const sentAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function Filters({ values, onChange }: { values: TrackingBoardQuery; onChange: (values: TrackingBoardQuery) => void }) {
  const id = useId();
  return (
    <FilterBar label="Filter deployments" className="sm:grid-cols-2 lg:grid-cols-4">
      <ClientFilter
        id={`${id}-client`}
        value={values.client ?? ''}
        onChange={(client) => onChange({ ...values, client })}
      />
      <VendorFilter
        id={`${id}-vendor`}
        value={values.vendor ?? ''}
        onChange={(vendor) => onChange({ ...values, vendor })}
      />
      <div className="min-w-0">
        <Label htmlFor={`${id}-from`}>Sent from</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={values.from ?? ''}
          onChange={(event) => onChange({ ...values, from: event.target.value })}
        />
      </div>
      <div className="min-w-0">
        <Label htmlFor={`${id}-to`}>Sent until</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={values.to ?? ''}
          onChange={(event) => onChange({ ...values, to: event.target.value })}
        />
      </div>
    </FilterBar>
  );
}

/**
 * The vendor's expected spend and its whole send's, on one line (Revshare and CPA have none: their terms say it); once
 * results exist, what the vendor is owed and the send's amounts owed instead.
 */
function SpendLine({ item }: { item: TrackingBoardItem }) {
  const { spend, sendSpend, owed, sendOwed } = item;
  const own = owed
    ? owedLabel(owed)
    : spend.actual !== null
      ? `Spend ${formatDollars(spend.actual)}`
      : spend.planned !== null
        ? `Expected ${formatDollars(spend.planned)}`
        : null;
  const send = sendOwed
    ? `Send owed ${owedTotalText(sendOwed)}`
    : sendSpend.expected !== null
      ? `Send total ${formatDollars(sendSpend.expected)}`
      : null;
  if (own === null && send === null) return null;
  return (
    <p className="tabular-nums">
      {/* Each figure stays whole on a narrow card: the line breaks at the dot. */}
      {own ? <span className="font-medium whitespace-nowrap text-slate-800">{own}</span> : null}
      {own && send ? <span className="text-slate-500"> · </span> : null}
      {send ? <span className="whitespace-nowrap text-slate-600">{send}</span> : null}
    </p>
  );
}

/**
 * The board's totals over the cards listed: the amounts owed of those with results, the expected spend of the others
 * (the expected-spend wording is for deployments without results).
 */
function BoardTotals({ board }: { board: TrackingBoard }) {
  const withResults = board.items.flatMap((item) => (item.owed ? [item.owed] : []));
  const withoutResults = board.items.filter((item) => !item.owed);
  return (
    <div className="mb-3 grid gap-1 text-sm text-slate-700 tabular-nums">
      {withResults.length > 0 ? (
        <p>
          {owedTotalLabel(board.omitted)}{' '}
          <span className="font-semibold text-slate-900">{owedTotalText(statementTotal(withResults, []))}</span>
        </p>
      ) : null}
      {withoutResults.length > 0 ? (
        <p>
          {spendTotalLabel(board.omitted, withResults.length > 0)}{' '}
          <span className="font-semibold text-slate-900">
            {formatDollars(
              totalSpend(withoutResults.map((item) => ({ status: item.tracking.status, spend: item.spend })))
                .expected ?? 0,
            )}
          </span>{' '}
          (CPM and CPD; Revshare and CPA by their terms)
        </p>
      ) : null}
    </div>
  );
}

/** Says what the board left out: finished deliveries past the most recent, open ones past the poll's limit. */
function LeftOutNote({ omitted }: { omitted: TrackingBoard['omitted'] }) {
  const text = leftOutText(omitted);
  return text === null ? null : <p className="mb-3 text-[13px] text-slate-700">{text}</p>;
}

function Card({ item }: { item: TrackingBoardItem }) {
  const { tracking } = item;
  return (
    <li
      className={`rounded-md border bg-white p-2.5 text-[13px] ${item.isOverdue ? 'border-red-300' : 'border-slate-200'}`}
    >
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
      <SpendLine item={item} />
      {tracking.cannotDeployReason ? <p className="text-red-700">{tracking.cannotDeployReason}</p> : null}
      {tracking.note ? <p className="text-slate-600">Note: {tracking.note}</p> : null}
      {tracking.reviewNote && (tracking.status === 'approved' || tracking.status === 'changes-requested') ? (
        <p className="text-slate-700">Team: {tracking.reviewNote}</p>
      ) : null}
      {tracking.remindedAt ? (
        <p className="text-amber-800 tabular-nums">Reminded {sentAt.format(new Date(tracking.remindedAt))}</p>
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
          <ListLoadError message="The board could not be loaded." onRetry={() => void board.refetch()} />
        ) : board.isPending ? (
          <ListLoading className="grid">
            <Skeleton className="h-64" />
          </ListLoading>
        ) : board.data.items.length === 0 ? (
          <ListEmpty
            isFiltered={Object.values(filters).some(Boolean)}
            icon={Columns3}
            emptyText="No deployments to track."
            filteredText="No deployments match these filters."
            onClearFilters={() => setFilters({})}
          />
        ) : (
          <>
            <BoardTotals board={board.data} />
            <LeftOutNote omitted={board.data.omitted} />
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 2xl:grid-cols-8">
              {TRACKING_STATUSES.map((status) => {
                const items = board.data.items.filter((item) => item.tracking.status === status);
                return (
                  <section
                    key={status}
                    aria-label={TRACKING_STATUS_LABELS[status]}
                    className="min-w-0 rounded-[var(--radius-card)] bg-slate-100 p-2"
                  >
                    <h2 className="mb-2 flex items-center justify-between px-1 text-[13px] font-semibold text-slate-800">
                      {TRACKING_STATUS_LABELS[status]}{' '}
                      <span className="tabular-nums text-slate-600">{items.length}</span>
                    </h2>
                    <ul className="grid gap-2">
                      {items.map((item) => (
                        <Card key={`${item.sendId}-${item.vendorId}`} item={item} />
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
