import { useMemo, useRef, useState } from 'react';
import type { SendEntry } from '#shared/contracts/sends';
import { useVendors } from '#client/api/vendors';
import { EmailPreview } from '#client/components/email-preview';
import { Button } from '#client/components/ui/button';
import { DialogContent } from '#client/components/ui/dialog';
import { Skeleton } from '#client/components/ui/skeleton';
import { failureToast } from '#client/components/ui/failure-toast';
import { toast } from '#client/components/ui/use-toast';
import { messageOf } from '#client/lib/request';
import { useAddVendors } from '../api/add-vendors';
import { useAddVendorsPreview } from '../api/add-vendors-preview';
import { useAddVendorsProof } from '../api/add-vendors-proof';
import { plural } from '../utils/entry-text';
import { formatSentAt } from '../utils/format-date';

/**
 * 'Add vendors' to a past send: pick vendors it did not go to, see the message each would get (the server draws it from
 * the stored cards and files with the send page's composer), send a proof, then add them through the queue.
 */
export function AddVendorsDialogContent({ entry, onDone }: { entry: SendEntry; onDone: () => void }) {
  const vendors = useVendors();
  const [selected, setSelected] = useState<string[]>([]);
  const [previewId, setPreviewId] = useState<string | null>(null);
  const addVendors = useAddVendors();
  const proof = useAddVendorsProof();
  // One key per choice of vendors: a retry of the same request is not sent twice, a new choice is a new request.
  const attempt = useRef<{ choice: string; key: string } | null>(null);

  const present = useMemo(() => new Set(entry.deliveries.map((delivery) => delivery.vendorId)), [entry.deliveries]);
  const candidates = (vendors.data ?? []).filter((vendor) => !present.has(vendor.vendorId));
  const chosen = candidates.filter((vendor) => selected.includes(vendor.vendorId));
  const chosenIds = chosen.map((vendor) => vendor.vendorId);
  const shownId = previewId && chosenIds.includes(previewId) ? previewId : (chosenIds[0] ?? null);
  const preview = useAddVendorsPreview(entry.id, chosenIds, shownId);
  const problem = preview.data && preview.data.vendorId === shownId ? preview.data.problem : null;

  function toggle(vendorId: string) {
    setSelected((current) =>
      current.includes(vendorId) ? current.filter((id) => id !== vendorId) : [...current, vendorId],
    );
  }

  function add() {
    const choice = chosenIds.join(',');
    if (attempt.current?.choice !== choice) attempt.current = { choice, key: crypto.randomUUID() };
    addVendors.mutate(
      { sendId: entry.id, vendorIds: chosenIds, idempotencyKey: attempt.current.key },
      {
        onSuccess: (result) => {
          toast({
            title: 'Vendors added',
            description: `${plural(result.added.length, 'vendor')} added: ${result.mailed} mailed, ${result.pending} pending, ${result.failed} failed${result.uncertain ? `, ${result.uncertain} uncertain` : ''} for the whole send.`,
            variant: result.failed > 0 ? 'destructive' : 'default',
          });
          onDone();
        },
        onError: (error) => failureToast('Could not add vendors', error),
      },
    );
  }

  function sendProof() {
    if (!shownId) return;
    proof.mutate(
      { sendId: entry.id, vendorIds: chosenIds, vendorId: shownId },
      {
        onSuccess: (result) =>
          toast(
            result.status === 'sent'
              ? { title: 'Proof sent', description: `A proof was sent to ${result.to}.` }
              : { title: 'Proof may not have been sent', description: result.message ?? '', variant: 'destructive' },
          ),
        onError: (error) => failureToast('Failed to send proof', error),
      },
    );
  }

  return (
    <DialogContent
      title="Add vendors"
      description={`Send the deployment of ${formatSentAt(entry.sentAt)} to vendors that were not in it. Each gets the same cards and files, its own links from the send's CSV, and its terms as they are now.`}
      className="sm:max-w-3xl"
      footer={
        <>
          <Button variant="secondary" onClick={onDone} disabled={addVendors.isPending}>
            Cancel
          </Button>
          <Button
            variant="send"
            onClick={add}
            disabled={chosen.length === 0 || addVendors.isPending || problem !== null || preview.isFetching}
          >
            {addVendors.isPending
              ? 'Adding...'
              : chosen.length > 0
                ? `Add ${plural(chosen.length, 'vendor')}`
                : 'Add vendors'}
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        <fieldset>
          <legend className="mb-2 text-[13px] font-medium text-slate-700">Vendors not in this send</legend>
          {vendors.isPending ? (
            <div role="status" className="grid gap-2">
              <span className="sr-only">Loading...</span>
              <Skeleton className="h-5 w-48" />
              <Skeleton className="h-5 w-40" />
            </div>
          ) : vendors.isError ? (
            <div role="alert" className="flex items-center gap-3 text-sm text-red-800">
              Could not load the vendors.
              <Button variant="secondary" size="sm" onClick={() => void vendors.refetch()}>
                Retry
              </Button>
            </div>
          ) : candidates.length === 0 ? (
            <p className="text-sm text-slate-600">Every vendor already has this send.</p>
          ) : (
            <ul className="grid gap-1.5 sm:grid-cols-2">
              {candidates.map((vendor) => (
                <li key={vendor.vendorId}>
                  <label className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm hover:bg-slate-50">
                    <input
                      type="checkbox"
                      checked={selected.includes(vendor.vendorId)}
                      onChange={() => toggle(vendor.vendorId)}
                      className="h-4 w-4 accent-brand-600"
                    />
                    <span className="min-w-0 flex-1 truncate font-medium">{vendor.name}</span>
                    {vendor.emails.length === 0 ? (
                      <span className="text-xs text-amber-800">No email configured</span>
                    ) : null}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>

        {chosen.length > 0 ? (
          <>
            {problem ? (
              <p
                role="alert"
                className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-[13px] text-amber-900 wrap-anywhere"
              >
                {problem}
              </p>
            ) : null}
            {preview.isError ? (
              <div
                role="alert"
                className="flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-[13px] text-red-800"
              >
                <span className="wrap-anywhere">{messageOf(preview.error, 'Could not draw the preview.')}</span>
                <Button variant="secondary" size="sm" onClick={() => void preview.refetch()}>
                  Retry
                </Button>
              </div>
            ) : preview.data ? (
              <EmailPreview
                email={preview.data.email}
                vendors={chosen}
                previewVendorId={shownId}
                onPreviewVendor={setPreviewId}
                onSendProof={sendProof}
                isProofing={proof.isPending}
              />
            ) : (
              <div role="status" className="grid gap-2 rounded-[var(--radius-card)] border border-slate-200 p-4">
                <span className="sr-only">Loading...</span>
                <Skeleton className="h-4 w-64" />
                <Skeleton className="h-40 w-full" />
              </div>
            )}
          </>
        ) : null}
      </div>
    </DialogContent>
  );
}
