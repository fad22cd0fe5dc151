import { ResultFiguresTable, ResultRulesNote } from '#client/components/result-figures-table';
import { ListLoadError, ListLoading } from '#client/components/lists/list-states';
import { Skeleton } from '#client/components/ui/skeleton';
import { useSendResults } from '../api/send-results';

/** Deployment Details' 'Results': per vendor of the send, what the imported results attribute to it. */
export function SendResults({ sendId }: { sendId: number }) {
  const results = useSendResults(sendId);
  if (results.isError)
    return <ListLoadError message="The results could not be loaded." onRetry={() => void results.refetch()} />;
  if (results.isPending)
    return (
      <ListLoading className="grid">
        <Skeleton className="h-24" />
      </ListLoading>
    );
  return (
    <>
      {results.data.totals.contributions === 0 ? (
        <p className="mb-2 text-[13px] text-slate-600">No imported contribution is attributed to this send yet.</p>
      ) : null}
      <ResultFiguresTable caption="Results per vendor" vendors={results.data.vendors} totals={results.data.totals} />
      <ResultRulesNote />
    </>
  );
}
