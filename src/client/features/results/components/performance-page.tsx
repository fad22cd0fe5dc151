import { lazy, Suspense, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { findClient } from '#shared/clients';
import { ClientTiles } from '#client/components/client-tiles';
import { ListLoadError, ListLoading } from '#client/components/lists/list-states';
import { Input, Label } from '#client/components/ui/input';
import { Skeleton } from '#client/components/ui/skeleton';
import { PageHeader } from '#client/features/layout/page-header';
import { useVendorPerformance } from '../api/performance';
import { lastDays } from '../utils/date-range';
import { Panel } from './panel';
import { PerformanceTable } from './performance-table';

// The charting library comes with the charts, not with the screen's first paint (nor any other page).
const PerformanceCharts = lazy(() => import('./performance-charts').then((m) => ({ default: m.PerformanceCharts })));

/**
 * Vendor performance (issue 24 item 4): per vendor, for a client and a period of send dates, what it delivered and
 * cost, sortable, each figure leading to its sends, and charts over time. Client and period are in the address.
 */
export function PerformancePage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const client = findClient(params.get('client'))?.slug ?? null;
  const fallback = lastDays(new Date(), 90);
  const from = params.get('from') ?? fallback.from;
  const to = params.get('to') ?? fallback.to;
  const setParam = (changes: Record<string, string>) =>
    setParams({ ...Object.fromEntries(params), ...changes }, { replace: true });
  const isValid = from !== '' && to !== '' && from <= to;
  return (
    <>
      <PageHeader
        title="Vendor performance"
        description="What each vendor's sends raised and cost, to choose the next vendors."
      />
      <main className="mx-auto grid max-w-[1200px] gap-5 p-4 md:p-6">
        <p className="text-sm">
          <Link
            className="text-brand-700 underline underline-offset-2"
            to={client ? `/results?client=${client}` : '/results'}
          >
            Back to Results
          </Link>
        </p>
        <ClientTiles selected={client} onSelect={(slug) => setParam({ client: slug })} />
        <div className="grid max-w-md grid-cols-2 gap-3">
          <div className="min-w-0">
            <Label htmlFor={`${id}-from`}>Sent from</Label>
            <Input
              id={`${id}-from`}
              type="date"
              value={from}
              max={to || undefined}
              onChange={(event) => setParam({ from: event.target.value, to })}
            />
          </div>
          <div className="min-w-0">
            <Label htmlFor={`${id}-to`}>Sent to</Label>
            <Input
              id={`${id}-to`}
              type="date"
              value={to}
              min={from || undefined}
              onChange={(event) => setParam({ from, to: event.target.value })}
            />
          </div>
        </div>
        {client === null ? (
          <p className="rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-700">
            Choose a client to compare its vendors.
          </p>
        ) : !isValid ? (
          <p role="alert" className="text-sm text-red-700">
            Choose a From date on or before the To date.
          </p>
        ) : (
          <Figures client={client} from={from} to={to} />
        )}
      </main>
    </>
  );
}

function Figures({ client, from, to }: { client: string; from: string; to: string }) {
  const report = useVendorPerformance(client, from, to);
  if (report.isError) {
    return (
      <ListLoadError message="The performance figures could not be loaded." onRetry={() => void report.refetch()} />
    );
  }
  if (report.isPending) {
    return (
      <ListLoading className="grid">
        <Skeleton className="h-48" />
      </ListLoading>
    );
  }
  const { vendors, months } = report.data;
  if (vendors.length === 0) {
    return <p className="text-sm text-slate-600">No sends for this client in these dates.</p>;
  }
  return (
    <>
      <Panel
        title="Per vendor"
        description="Sends dated in this range, New York time. ROI and costs count the sends whose amount owed is known; on time: deployed on or before the scheduled date."
      >
        <PerformanceTable vendors={vendors} caption={`Vendor performance, sends from ${from} to ${to}`} />
      </Panel>
      <Panel title="Charts" description="The same figures over time; the table above has each one.">
        <Suspense fallback={<Skeleton className="h-60" />}>
          <PerformanceCharts from={from} to={to} vendors={vendors} months={months} />
        </Suspense>
      </Panel>
    </>
  );
}
