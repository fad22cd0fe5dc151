import { useId, useState } from 'react';
import { ResultFiguresTable, ResultRulesNote } from '#client/components/result-figures-table';
import { Input, Label } from '#client/components/ui/input';
import { Skeleton } from '#client/components/ui/skeleton';
import { ListLoadError, ListLoading } from '#client/components/lists/list-states';
import { useResultsSummary } from '../api/summary';
import { lastThirtyDays } from '../utils/date-range';
import { Panel } from './panel';

/** Per-vendor figures of the client's contributions dated in a range of New York dates (the last 30 days at first). */
export function FiguresSection({ client }: { client: string }) {
  const id = useId();
  const [range, setRange] = useState(() => lastThirtyDays(new Date()));
  const isValid = range.from !== '' && range.to !== '' && range.from <= range.to;
  const summary = useResultsSummary(client, range.from, range.to);
  return (
    <Panel title="Figures per vendor" description="Contributions dated in this range, New York time.">
      <div className="mb-3 grid max-w-md grid-cols-2 gap-3">
        <div className="min-w-0">
          <Label htmlFor={`${id}-from`}>From</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={range.from}
            max={range.to || undefined}
            onChange={(event) => setRange({ ...range, from: event.target.value })}
          />
        </div>
        <div className="min-w-0">
          <Label htmlFor={`${id}-to`}>To</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={range.to}
            min={range.from || undefined}
            onChange={(event) => setRange({ ...range, to: event.target.value })}
          />
        </div>
      </div>
      {!isValid ? (
        <p role="alert" className="text-sm text-red-700">
          Choose a From date on or before the To date.
        </p>
      ) : summary.isError ? (
        <ListLoadError message="The figures could not be loaded." onRetry={() => void summary.refetch()} />
      ) : summary.isPending ? (
        <ListLoading className="grid">
          <Skeleton className="h-32" />
        </ListLoading>
      ) : (
        <>
          {summary.data.vendors.length === 0 ? (
            <p className="mb-2 text-sm text-slate-600">No contributions attributed to a vendor in these dates.</p>
          ) : null}
          <ResultFiguresTable
            caption={`Figures per vendor, ${summary.data.from} to ${summary.data.to}`}
            vendors={summary.data.vendors}
            totals={summary.data.totals}
          />
          <ResultRulesNote />
        </>
      )}
    </Panel>
  );
}
