import { lazy, memo, Suspense } from 'react';
import type { PricingModel, Vendor } from '#shared/contracts/vendors';
import { vendorTerms, type CostValues } from '#shared/rules/pricing';
import { ownEntry } from '#shared/own-entry';
import { CardHeading, CardSection } from '#client/components/ui/card-section';
import { Button } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';
import { SendRemindersOption } from './send-reminders-option';

// Results where the next send is chosen: a chunk of its own, asked for once a client is chosen.
const VendorRecentResults = lazy(async () => ({
  default: (await import('./vendor-recent-results')).VendorRecentResults,
}));

/** Drawn again when the vendors, the choice or the terms change, not on each keystroke in a card. */
export const VendorPicker = memo(function VendorPicker({
  client,
  vendors,
  isLoading,
  error,
  onRetry,
  selected,
  pricingModel,
  splits,
  costs,
  onToggle,
  onSetAll,
  sendReminders,
  hasVendorLinks,
  onSendReminders,
}: {
  /** The chosen client: each vendor shows its last 90 days for it, fetched once one is chosen. */
  client: string | null;
  vendors: readonly Vendor[];
  isLoading: boolean;
  error: unknown;
  onRetry(): void;
  selected: readonly string[];
  pricingModel: PricingModel;
  splits: Readonly<Record<string, string>>;
  costs: Readonly<Record<string, CostValues>>;
  onToggle(vendorId: string): void;
  onSetAll(vendorIds: string[]): void;
  /** 'Send reminders to vendors', below the list. */
  sendReminders: boolean;
  hasVendorLinks: boolean;
  onSendReminders(enabled: boolean): void;
}) {
  return (
    <CardSection headingId="vendors-heading">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <div>
          <CardHeading id="vendors-heading">Select Vendors</CardHeading>
          <p className="tabular text-xs text-slate-600" aria-live="polite">
            {selected.length} vendor(s) selected
          </p>
        </div>
        {vendors.length > 0 ? (
          <div className="flex gap-1">
            <Button variant="ghost" size="sm" onClick={() => onSetAll(vendors.map((vendor) => vendor.vendorId))}>
              Select all
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onSetAll([])} disabled={selected.length === 0}>
              Clear
            </Button>
          </div>
        ) : null}
      </div>
      {isLoading ? (
        <div className="grid gap-2 p-4" aria-busy="true" aria-label="Loading vendors">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-10 animate-pulse rounded-md bg-slate-100" />
          ))}
        </div>
      ) : error ? (
        <div className="flex items-center gap-3 p-4 text-red-700">
          Could not load vendors.{' '}
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Retry
          </Button>
        </div>
      ) : vendors.length === 0 ? (
        <p className="p-4 text-slate-600">No vendors yet. Add vendors on the Vendors screen.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {vendors.map((vendor) => {
            const isSelected = selected.includes(vendor.vendorId);
            const terms = vendorTerms(
              pricingModel,
              ownEntry(splits, vendor.vendorId),
              ownEntry(costs, vendor.vendorId),
            );
            return (
              <li key={vendor.vendorId}>
                <label
                  className={cn(
                    'flex cursor-pointer items-start gap-3 px-4 py-2.5 hover:bg-slate-50',
                    isSelected && 'bg-brand-50/60',
                  )}
                >
                  <input
                    type="checkbox"
                    checked={isSelected}
                    onChange={() => onToggle(vendor.vendorId)}
                    className="mt-1 h-4 w-4 accent-brand-600"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{vendor.name}</span>
                    <span className="block truncate text-xs text-slate-600">
                      {vendor.emails.join(', ') || 'No email configured'}
                    </span>
                    {client ? (
                      <Suspense fallback={null}>
                        <VendorRecentResults client={client} vendorId={vendor.vendorId} />
                      </Suspense>
                    ) : null}
                  </span>
                  {/* At most 12rem: a long line (a split in words) wraps rather than squeezing the vendor's name. */}
                  <span
                    className={cn(
                      'tabular max-w-[12rem] shrink-0 text-right text-xs text-pretty',
                      terms.isComplete ? 'text-slate-700' : 'text-amber-800',
                    )}
                  >
                    {terms.lines.map((line) => (
                      <span key={line} className="block">
                        {line}
                      </span>
                    ))}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <div className="border-t border-slate-100 px-4 py-3">
        <SendRemindersOption checked={sendReminders} hasVendorLinks={hasVendorLinks} onChange={onSendReminders} />
      </div>
    </CardSection>
  );
});
