import type { ReactNode } from 'react';
import { CLIENTS } from '#shared/clients';
import { useVendors } from '#client/api/vendors';
import { Label } from '#client/components/ui/input';
import { cn } from '#client/lib/cn';

/** The Deployment Log's and the Tracking board's filters: one search landmark, a client and a vendor select. */

const selectClass =
  'h-9 w-full rounded-[var(--radius-card)] border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100';

/** The bar the filters sit in, a search landmark named `label`; `className` sets its columns. */
export function FilterBar({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <div
      role="search"
      aria-label={label}
      className={cn('mb-4 grid gap-3 rounded-[var(--radius-card)] border border-slate-200 bg-white p-3', className)}
    >
      {children}
    </div>
  );
}

/** 'Client': every client by its display name, or all (''); the value is the client's slug. */
export function ClientFilter({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="min-w-0">
      <Label htmlFor={id}>Client</Label>
      <select id={id} className={selectClass} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">All clients</option>
        {CLIENTS.map((client) => (
          <option key={client.slug} value={client.slug}>
            {client.displayName}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * 'Vendor': every vendor by name, or all (''); the value is the vendor's id. Says so while the list loads. Where a
 * vendor must be chosen (the Statements screen), `noneLabel` names the empty choice.
 */
export function VendorFilter({
  id,
  value,
  onChange,
  noneLabel = 'All vendors',
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  noneLabel?: string;
}) {
  const vendors = useVendors();
  const vendorOptions = [...(vendors.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <div className="min-w-0">
      <Label htmlFor={id}>Vendor</Label>
      <select id={id} className={selectClass} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{vendors.isPending ? `${noneLabel} (loading...)` : noneLabel}</option>
        {vendorOptions.map((vendor) => (
          <option key={vendor.vendorId} value={vendor.vendorId}>
            {vendor.name}
          </option>
        ))}
      </select>
    </div>
  );
}
