import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '#client/components/ui/button';
import { Input, Label } from '#client/components/ui/input';
import { ClientFilter, FilterBar, VendorFilter } from '#client/components/lists/filter-fields';

export interface FilterValues {
  client: string;
  vendor: string;
  search: string;
}

export const NO_FILTERS: FilterValues = { client: '', vendor: '', search: '' };

/** Client, vendor and subject: each goes to the server as a query parameter. */
export function LogFilters({ values, onChange }: { values: FilterValues; onChange: (values: FilterValues) => void }) {
  const id = useId();
  const isFiltered = values.client !== '' || values.vendor !== '' || values.search !== '';

  return (
    <FilterBar label="Filter sends" className="sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1.4fr_auto] lg:items-end">
      <ClientFilter id={`${id}-client`} value={values.client} onChange={(client) => onChange({ ...values, client })} />
      <VendorFilter id={`${id}-vendor`} value={values.vendor} onChange={(vendor) => onChange({ ...values, vendor })} />
      <div className="min-w-0 sm:col-span-2 lg:col-span-1">
        <Label htmlFor={`${id}-search`}>Search subjects</Label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
          />
          <Input
            id={`${id}-search`}
            type="search"
            placeholder="Subject contains..."
            autoComplete="off"
            maxLength={200}
            className="pl-8"
            value={values.search}
            onChange={(event) => onChange({ ...values, search: event.target.value })}
          />
        </div>
      </div>
      <Button
        variant="ghost"
        size="md"
        className="justify-self-start"
        disabled={!isFiltered}
        onClick={() => onChange(NO_FILTERS)}
      >
        <X aria-hidden className="h-4 w-4" />
        Clear filters
      </Button>
    </FilterBar>
  );
}
