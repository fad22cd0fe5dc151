import { Link2Off } from 'lucide-react';
import { useState } from 'react';
import type { SendDelivery } from '#shared/contracts/sends';
import { Button } from '#client/components/ui/button';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { toast } from '#client/components/ui/use-toast';
import { messageOf } from '#client/lib/request';
import { useRevokeVendorLink } from '../api/revoke-link';
import { formatSentAt } from '../utils/format-date';

/**
 * One vendor's personal page link in Deployment Details: 'Revoke link' after a confirmation while it works (a forwarded
 * message, a vendor who left), else when it was turned off or ran out. Nothing for a message sent without a link.
 */
export function RevokeLinkControl({ sendId, delivery }: { sendId: number; delivery: SendDelivery }) {
  const [isAsking, setIsAsking] = useState(false);
  const revoke = useRevokeVendorLink();
  const link = delivery.vendorLink;
  if (!link) return null;
  if (link.revokedAt)
    return <span className="text-[13px] text-slate-600">Link revoked {formatSentAt(link.revokedAt)}</span>;
  if (new Date(link.expiresAt).getTime() <= Date.now())
    return <span className="text-[13px] text-slate-600">Link expired {formatSentAt(link.expiresAt)}</span>;

  function confirm() {
    revoke.mutate(
      { sendId, vendorId: delivery.vendorId },
      {
        onSuccess: () => {
          toast({ title: 'Link revoked', description: `${delivery.vendorName}'s page link no longer works.` });
          setIsAsking(false);
        },
        onError: (error) =>
          toast({
            title: 'Could not revoke the link',
            description: messageOf(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Revoke link for ${delivery.vendorName}`}
        onClick={() => setIsAsking(true)}
      >
        <Link2Off aria-hidden className="h-3.5 w-3.5" />
        Revoke link
      </Button>
      <ConfirmDialog
        open={isAsking}
        onOpenChange={setIsAsking}
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
      </ConfirmDialog>
    </>
  );
}
