import { History } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SendDelivery } from '#shared/contracts/sends';
import { Button } from '#client/components/ui/button';
import { ListEmpty, ListLoadError, ListLoading } from '#client/components/lists/list-states';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { Dialog } from '#client/components/ui/dialog';
import { PageHeader } from '#client/features/layout/page-header';
import { useSends } from '#client/api/sends';
import { useLinkedSendEntry } from '../api/linked-entry';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useStartFromSend } from '../hooks/use-start-from-send';
import { AddVendorsDialogContent } from './add-vendors-dialog';
import { DeploymentDetailsDialogContent } from './deployment-details-dialog';
import { LogEntryCard, LogEntrySkeleton } from './log-entry-card';
import { LogFilters, NO_FILTERS, type FilterValues } from './log-filters';
import { SendAgainDialog } from './send-again-dialog';

const PAGE_SIZE = 100;
/** The server's most per request. */
const MAX_ENTRIES = 500;
const SEARCH_DEBOUNCE_MS = 300;

export function DeploymentLogPage() {
  // A link to one send (a statement's line: ?vendor=ID&send=ID) opens on that vendor's sends with its Details open.
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<FilterValues>(() => ({ ...NO_FILTERS, vendor: params.get('vendor') ?? '' }));
  const [limit, setLimit] = useState(PAGE_SIZE);
  const search = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const logs = useSends({
    client: filters.client || undefined,
    vendor: filters.vendor || undefined,
    q: search || undefined,
    limit,
  });
  const [openId, setOpenId] = useState<number | null>(() => Number(params.get('send')) || null);
  const [sendAgain, setSendAgain] = useState<{ sendId: number; delivery: SendDelivery } | null>(null);
  const [addToId, setAddToId] = useState<number | null>(null);
  const startFrom = useStartFromSend();

  const isFiltered = filters.client !== '' || filters.vendor !== '' || search !== '';
  const listedEntry = logs.data?.find((entry) => entry.id === openId);
  const linkedEntry = useLinkedSendEntry(openId !== null && logs.data && !listedEntry ? openId : null);
  const openEntry = listedEntry ?? linkedEntry;
  const addToEntry = logs.data?.find((entry) => entry.id === addToId);

  function addVendorsTo(sendId: number) {
    setOpenId(null);
    setAddToId(sendId);
  }

  function changeFilters(next: FilterValues) {
    setFilters(next);
    setLimit(PAGE_SIZE);
  }

  return (
    <>
      <PageHeader title="Deployment Log" description="View the history of all emails sent to vendors." />
      <main className="mx-auto max-w-6xl p-4 md:p-6">
        <LogFilters values={filters} onChange={changeFilters} />
        {logs.isError ? (
          <ListLoadError message="Could not load the deployment log." onRetry={() => void logs.refetch()} />
        ) : logs.isPending ? (
          <ListLoading className="grid grid-cols-1 gap-3">
            {Array.from({ length: 4 }, (_, index) => (
              <LogEntrySkeleton key={index} />
            ))}
          </ListLoading>
        ) : logs.data.length === 0 ? (
          <ListEmpty
            isFiltered={isFiltered}
            icon={History}
            emptyText="No emails sent yet."
            filteredText="No sends match these filters."
            onClearFilters={() => changeFilters(NO_FILTERS)}
          />
        ) : (
          <>
            <p role="status" className="mb-2 text-[13px] text-slate-600">
              {logs.isFetching && logs.isPlaceholderData
                ? 'Updating...'
                : `${logs.data.length} ${logs.data.length === 1 ? 'send' : 'sends'}, newest first`}
            </p>
            <ul
              aria-label="Sends"
              aria-busy={logs.isPlaceholderData}
              className={
                logs.isPlaceholderData
                  ? 'grid grid-cols-1 gap-3 opacity-60 transition-opacity'
                  : 'grid grid-cols-1 gap-3 transition-opacity'
              }
            >
              {logs.data.map((entry) => (
                <li key={entry.id}>
                  <LogEntryCard
                    entry={entry}
                    onOpen={() => setOpenId(entry.id)}
                    onSendAgain={(delivery) => setSendAgain({ sendId: entry.id, delivery })}
                    onUseAsNew={() => startFrom.start(entry.id)}
                    onAddVendors={() => addVendorsTo(entry.id)}
                    isUsingAsNew={startFrom.pendingId === entry.id}
                  />
                </li>
              ))}
            </ul>
            {logs.data.length >= limit ? (
              <div className="mt-4 flex flex-wrap items-center justify-center gap-3 text-[13px] text-slate-600">
                {limit < MAX_ENTRIES ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={logs.isFetching}
                    onClick={() => setLimit((current) => Math.min(current + PAGE_SIZE, MAX_ENTRIES))}
                  >
                    Show older sends
                  </Button>
                ) : (
                  <span>Showing the newest {MAX_ENTRIES} sends. Narrow the filters to find older ones.</span>
                )}
              </div>
            ) : null}
          </>
        )}
      </main>

      <Dialog open={openEntry !== undefined} onOpenChange={(open) => !open && setOpenId(null)}>
        {openEntry ? (
          <DeploymentDetailsDialogContent
            entry={openEntry}
            onUseAsNew={() => startFrom.start(openEntry.id)}
            onAddVendors={() => addVendorsTo(openEntry.id)}
            isUsingAsNew={startFrom.pendingId === openEntry.id}
          />
        ) : null}
      </Dialog>
      <Dialog open={addToEntry !== undefined} onOpenChange={(open) => !open && setAddToId(null)}>
        {addToEntry ? (
          <AddVendorsDialogContent key={addToEntry.id} entry={addToEntry} onDone={() => setAddToId(null)} />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={startFrom.replaceTarget !== null}
        onOpenChange={(open) => !open && startFrom.cancelReplace()}
        title="Replace the send in progress?"
        confirmLabel="Replace it"
        pendingLabel="Loading..."
        isPending={startFrom.pendingId !== null}
        isDestructive
        onConfirm={startFrom.confirmReplace}
      >
        <p>
          You have a send in progress on the send page. Using this send as a new one replaces its client, vendors and
          content cards.
        </p>
        <p className="text-[13px] text-slate-600">This cannot be undone.</p>
      </ConfirmDialog>
      <SendAgainDialog target={sendAgain} onClose={() => setSendAgain(null)} />
    </>
  );
}
