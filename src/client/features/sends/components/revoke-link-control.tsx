import { Link2Off } from 'lucide-react';
import type { SendDelivery } from '#shared/contracts/sends';
import { ConfirmButton } from '#client/components/ui/confirm-button';
import { failureToast } from '#client/components/ui/failure-toast';
import { toast } from '#client/components/ui/use-toast';
import { useRevokeVendorLink } from '../api/revoke-link';
import { formatSentAt } from '../utils/format-date';

/**
 * One vendor's personal page link in Deployment Details: 'Revoke link' after a confirmation while it works (a forwarded
 * message, a vendor who left), else when it was turned off or ran out. Nothing for a message sent without a link.
 */
export function RevokeLinkControl({ sendId, delivery }: { sendId: number; delivery: SendDelivery }) {
  const revoke = useRevokeVendorLink();
  const link = delivery.vendorLink;
  if (!link) return null;
  if (link.revokedAt)
    return <span className="text-[13px] text-slate-600">Link revoked {formatSentAt(link.revokedAt)}</span>;
  if (new Date(link.expiresAt).getTime() <= Date.now())
    return <span className="text-[13px] text-slate-600">Link expired {formatSentAt(link.expiresAt)}</span>;

  function confirm(close: () => void) {
    revoke.mutate(
      { sendId, vendorId: delivery.vendorId },
      {
        onSuccess: () => {
          toast({ title: 'Link revoked', description: `${delivery.vendorName}'s page link no longer works.` });
          close();
        },
        onError: (error) => failureToast('Could not revoke the link', error),
      },
    );
  }

  return (
    <ConfirmButton
      button={{ variant: 'secondary', size: 'sm', 'aria-label': `Revoke link for ${delivery.vendorName}` }}
      label={
        <>
          <Link2Off aria-hidden className="h-3.5 w-3.5" />
          Revoke link
        </>
      }
      title="Revoke this vendor's link?"
      confirmLabel="Revoke link"
      pendingLabel="Revoking..."
      isPending={revoke.isPending}
      isDestructive
      onConfirm={confirm}
    >
      <p>
        <strong className="font-semibold text-slate-900">{delivery.vendorName}</strong> will no longer be able to open
        its deployment page or report through it. What it reported so far stays.
      </p>
      <p className="text-[13px] text-slate-600">This cannot be undone.</p>
    </ConfirmButton>
  );
}
