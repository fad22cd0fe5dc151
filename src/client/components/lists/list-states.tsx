import type { LucideIcon } from 'lucide-react';
import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/button';

/** The states a filtered list shows before its items (the Deployment Log, the Tracking board). */

/** It could not be loaded: says so, with Retry. */
export function ListLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-[var(--radius-card)] border border-red-200 bg-red-50 p-4 text-sm text-red-800"
    >
      <span>{message}</span>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

/** Loading: the placeholders given, announced once as 'Loading...'. */
export function ListLoading({ className, children }: { className: string; children: ReactNode }) {
  return (
    <div role="status" className={className}>
      <span className="sr-only">Loading...</span>
      {children}
    </div>
  );
}

/** Nothing to show: nothing yet, or nothing that matches the filters (then with 'Clear filters'). */
export function ListEmpty({
  isFiltered,
  icon: Icon,
  emptyText,
  filteredText,
  onClearFilters,
}: {
  isFiltered: boolean;
  icon: LucideIcon;
  emptyText: string;
  filteredText: string;
  onClearFilters: () => void;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-[var(--radius-card)] border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      {isFiltered ? (
        <SearchX aria-hidden className="h-6 w-6 text-slate-400" />
      ) : (
        <Icon aria-hidden className="h-6 w-6 text-slate-400" />
      )}
      <p className="font-medium">{isFiltered ? filteredText : emptyText}</p>
      {isFiltered ? (
        <Button variant="secondary" size="sm" onClick={onClearFilters}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
