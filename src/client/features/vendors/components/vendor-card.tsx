import type { Vendor } from '#shared/contracts/vendors';
import { splitWording } from '#shared/payouts/terms';
import { Skeleton } from '#client/components/ui/skeleton';

/**
 * One vendor in the grid. The name is the button (so the card has a short accessible name); its ::after covers the
 * whole card, so a click anywhere opens the settings, and the card shows the focus ring.
 */
export function VendorCard({
  vendor,
  utmSource,
  splitRatio,
  onOpen,
}: {
  vendor: Vendor;
  utmSource: string;
  splitRatio: string;
  onOpen: () => void;
}) {
  return (
    <article
      data-testid={`vendor-card-${vendor.vendorId}`}
      className="relative h-full min-w-0 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 transition-colors duration-150 hover:border-slate-300 hover:bg-slate-50/60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
    >
      <h2 className="text-sm font-semibold text-slate-900">
        <button
          type="button"
          onClick={onOpen}
          title={vendor.name}
          className="block w-full truncate text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
        >
          {vendor.name}
        </button>
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-2 text-[13px]">
        <div>
          <dt className="sr-only">Email addresses</dt>
          <dd className={vendor.emails.length ? 'line-clamp-2 text-slate-700 wrap-anywhere' : 'text-slate-600 italic'}>
            {vendor.emails.length ? vendor.emails.join(', ') : 'No email configured'}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-3 border-t border-slate-100 pt-2">
          <dt className="shrink-0 text-slate-600">UTM source</dt>
          <dd className={utmSource ? 'min-w-0 truncate font-mono text-xs text-slate-900' : 'text-slate-600 italic'}>
            {utmSource || 'Not set'}
          </dd>
        </div>
        {/* The split in words is longer than a UTM source: it goes under its label, and wraps without a lone '%'. */}
        <div>
          <dt className="text-slate-600">Revenue split</dt>
          <dd className="tabular text-pretty text-slate-900">{splitWording(splitRatio)}</dd>
        </div>
      </dl>
    </article>
  );
}

export function VendorCardSkeleton() {
  return (
    <div className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4">
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="mt-4 h-3 w-full" />
      <Skeleton className="mt-3 h-3 w-1/2" />
      <Skeleton className="mt-3 h-3 w-1/3" />
    </div>
  );
}
