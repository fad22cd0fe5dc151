import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { CLIENTS } from '#shared/clients';
import { Button } from '#client/components/ui/button';
import { Input, Label } from '#client/components/ui/input';
import { useVendors } from '#client/api/vendors';

export interface FilterValues {
  client: string;
  vendor: string;
  search: string;
}

export const NO_FILTERS: FilterValues = { client: '', vendor: '', search: '' };

const selectClass =
  'h-9 w-full rounded-[var(--radius-card)] border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100';

/** Client, vendor and subject: each goes to the server as a query parameter. */
export function LogFilters({ values, onChange }: { values: FilterValues; onChange: (values: FilterValues) => void }) {
  const id = useId();
  const vendors = useVendors();
  const vendorOptions = [...(vendors.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const isFiltered = values.client !== '' || values.vendor !== '' || values.search !== '';

  return (
    <div role="search" aria-label="Filter sends" className="mb-4 grid gap-3 rounded-[var(--radius-card)] border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1.4fr_auto] lg:items-end">
      <div className="min-w-0">
        <Label htmlFor={`${id}-client`}>Client</Label>
        <select id={`${id}-client`} className={selectClass} value={values.client} onChange={(event) => onChange({ ...values, client: event.target.value })}>
          <option value="">All clients</option>
          {CLIENTS.map((client) => (
            <option key={client.slug} value={client.slug}>
              {client.displayName}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0">
        <Label htmlFor={`${id}-vendor`}>Vendor</Label>
        <select id={`${id}-vendor`} className={selectClass} value={values.vendor} onChange={(event) => onChange({ ...values, vendor: event.target.value })}>
          <option value="">{vendors.isPending ? 'All vendors (loading...)' : 'All vendors'}</option>
          {vendorOptions.map((vendor) => (
            <option key={vendor.vendorId} value={vendor.vendorId}>
              {vendor.name}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0 sm:col-span-2 lg:col-span-1">
        <Label htmlFor={`${id}-search`}>Search subjects</Label>
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" />
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
      <Button variant="ghost" size="md" className="justify-self-start" disabled={!isFiltered} onClick={() => onChange(NO_FILTERS)}>
        <X aria-hidden className="h-4 w-4" />
        Clear filters
      </Button>
    </div>
  );
}
