import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ResultsImport } from '#shared/contracts/results';
import { ListLoadError, ListLoading } from '#client/components/lists/list-states';
import { Button } from '#client/components/ui/button';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { Skeleton } from '#client/components/ui/skeleton';
import { toast } from '#client/components/ui/use-toast';
import { messageOf } from '#client/lib/request';
import { useDeleteImport, useResultsImports } from '../api/imports';
import { Panel } from './panel';

const count = new Intl.NumberFormat('en-US');
const importedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const FIGURES: { label: string; value: (item: ResultsImport) => number }[] = [
  { label: 'Rows', value: (item) => item.rows },
  { label: 'Added', value: (item) => item.added },
  { label: 'Updated', value: (item) => item.updated },
  { label: 'Unchanged', value: (item) => item.unchanged },
  { label: 'Matched', value: (item) => item.matched },
  { label: 'Unmatched', value: (item) => item.unmatched },
  { label: 'Outside window', value: (item) => item.outsideWindow },
  { label: 'Refunded', value: (item) => item.refunded },
  { label: 'Reversals', value: (item) => item.reversals },
  { label: 'Skipped', value: (item) => item.skipped },
];

/** The client's imports, newest first; an admin may delete one (its contributions and their figures go with it). */
export function ImportsSection({ client, isAdmin }: { client: string; isAdmin: boolean }) {
  const imports = useResultsImports(client);
  const deleteImport = useDeleteImport();
  const [toDelete, setToDelete] = useState<ResultsImport | null>(null);
  return (
    <Panel title="Imports">
      {imports.isError ? (
        <ListLoadError message="The imports could not be loaded." onRetry={() => void imports.refetch()} />
      ) : imports.isPending ? (
        <ListLoading className="grid">
          <Skeleton className="h-16" />
        </ListLoading>
      ) : imports.data.length === 0 ? (
        <p className="text-sm text-slate-600">No results imported for this client yet.</p>
      ) : (
        <ul
          aria-label="Imports"
          className="divide-y divide-slate-100 rounded-[var(--radius-card)] border border-slate-200"
        >
          {imports.data.map((item) => (
            <li key={item.id} className="flex flex-wrap items-start gap-x-4 gap-y-1 px-3 py-2 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium tabular-nums">
                  {importedAt.format(new Date(item.createdAt))}{' '}
                  <span className="font-normal text-slate-600">by {item.createdBy.name}</span>
                </p>
                <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5 sm:flex sm:flex-wrap text-[13px] text-slate-600 tabular-nums">
                  {FIGURES.map((figure) => (
                    <div key={figure.label} className="flex gap-1">
                      <dt>{figure.label}</dt>
                      <dd className="font-medium text-slate-800">{count.format(figure.value(item))}</dd>
                    </div>
                  ))}
                </dl>
                {item.skippedReason ? (
                  <p className="mt-0.5 text-[13px] text-slate-600 wrap-anywhere">Skipped: {item.skippedReason}</p>
                ) : null}
              </div>
              {isAdmin ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete import of ${importedAt.format(new Date(item.createdAt))}`}
                  onClick={() => setToDelete(item)}
                >
                  <span className="inline-flex items-center gap-1.5 text-red-700">
                    <Trash2 aria-hidden className="h-4 w-4" />
                    Delete
                  </span>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title="Delete Import"
        confirmLabel="Delete Import"
        pendingLabel="Deleting..."
        isDestructive
        isPending={deleteImport.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          deleteImport.mutate(toDelete.id, {
            onSuccess: () => {
              setToDelete(null);
              toast({ title: 'Import deleted' });
            },
            onError: (error) =>
              toast({ title: messageOf(error, 'Failed to delete the import'), variant: 'destructive' }),
          });
        }}
      >
        <p>
          The {toDelete ? count.format(toDelete.rows) : ''} rows this import brought in are removed, with their figures.
          Contributions a later import also holds stay. This cannot be undone.
        </p>
      </ConfirmDialog>
    </Panel>
  );
}
