import { useId, useState } from 'react';
import type { UnattributedCode, UnattributedReason } from '#shared/contracts/results';
import type { Vendor } from '#shared/contracts/vendors';
import { formatCents } from '#shared/payouts/money';
import { useAddResultCode } from '#client/api/result-codes';
import { useVendors } from '#client/api/vendors';
import { ListLoadError, ListLoading } from '#client/components/lists/list-states';
import { Button } from '#client/components/ui/button';
import { Skeleton } from '#client/components/ui/skeleton';
import { toast } from '#client/components/ui/use-toast';
import { messageOf } from '#client/lib/request';
import { useUnattributedCodes } from '../api/unattributed';
import { Panel } from './panel';

const count = new Intl.NumberFormat('en-US');

const REASON_TEXT: Record<UnattributedReason, string> = {
  unmatched: 'Unmatched: no vendor has this code',
  'outside-window': 'Outside the window: no send to the vendor in the attribution window before the gift',
  ambiguous: 'Unmatched: several vendors have this code',
};

const selectClass =
  'h-8 min-w-0 max-w-full rounded-[var(--radius-card)] border border-slate-300 bg-white px-2 text-[13px] text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100';

const codeText = (code: string) => (code === '' ? '(no code)' : code);

/** An admin's control: the vendor this unmatched code belongs to; adding it re-attributes the stored rows at once. */
function AddToVendor({ code, vendors }: { code: string; vendors: Vendor[] }) {
  const id = useId();
  const [vendorId, setVendorId] = useState('');
  const addCode = useAddResultCode();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Vendor for code {code}
      </label>
      <select id={id} className={selectClass} value={vendorId} onChange={(event) => setVendorId(event.target.value)}>
        <option value="">Choose a vendor</option>
        {vendors.map((vendor) => (
          <option key={vendor.vendorId} value={vendor.vendorId}>
            {vendor.name}
          </option>
        ))}
      </select>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Add to vendor: ${code}`}
        disabled={!vendorId || addCode.isPending}
        onClick={() =>
          addCode.mutate(
            { vendorId, code },
            {
              onSuccess: () =>
                toast({
                  title: `Code ${code} added to ${vendors.find((v) => v.vendorId === vendorId)?.name ?? vendorId}`,
                }),
              onError: (error) => toast({ title: messageOf(error, 'Failed to add the code'), variant: 'destructive' }),
            },
          )
        }
      >
        {addCode.isPending ? 'Adding...' : 'Add to vendor'}
      </Button>
    </div>
  );
}

function CodeRow({ item, vendors, isAdmin }: { item: UnattributedCode; vendors: Vendor[]; isAdmin: boolean }) {
  const names = item.vendorIds.map(
    (vendorId) => vendors.find((vendor) => vendor.vendorId === vendorId)?.name ?? vendorId,
  );
  return (
    <li className="grid gap-1 px-3 py-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-baseline gap-x-3 text-sm">
          <span className="font-mono font-medium wrap-anywhere">{codeText(item.code)}</span>
          <span className="text-slate-700 tabular-nums">
            {count.format(item.contributions)} {item.contributions === 1 ? 'contribution' : 'contributions'} ·{' '}
            {formatCents(item.amountCents)}
          </span>
        </p>
        <p className="text-[13px] text-slate-600">
          {REASON_TEXT[item.reason]}
          {names.length > 0 ? ` (${names.join(', ')})` : ''}
        </p>
      </div>
      {isAdmin && item.reason === 'unmatched' && item.code !== '' ? (
        <AddToVendor code={item.code} vendors={vendors} />
      ) : null}
    </li>
  );
}

/** Contributions no send got, grouped by code: unmatched codes (admins may give them to a vendor) and late gifts. */
export function UnattributedSection({ client, isAdmin }: { client: string; isAdmin: boolean }) {
  const codes = useUnattributedCodes(client);
  const vendors = useVendors();
  const vendorList = [...(vendors.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Panel
      title="Not attributed"
      description="Contributions whose code matches no vendor, or that came outside the attribution window."
    >
      {codes.isError ? (
        <ListLoadError message="The codes could not be loaded." onRetry={() => void codes.refetch()} />
      ) : codes.isPending ? (
        <ListLoading className="grid">
          <Skeleton className="h-16" />
        </ListLoading>
      ) : codes.data.length === 0 ? (
        <p className="text-sm text-slate-600">Every imported contribution is attributed.</p>
      ) : (
        <ul
          aria-label="Codes not attributed"
          className="divide-y divide-slate-100 rounded-[var(--radius-card)] border border-slate-200"
        >
          {codes.data.map((item) => (
            <CodeRow key={`${item.reason}:${item.code}`} item={item} vendors={vendorList} isAdmin={isAdmin} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
