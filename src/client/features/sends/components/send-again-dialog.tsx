import type { SendDelivery } from '#shared/contracts/sends';
import { useSendAgain } from '#client/api/sends';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { failureToast } from '#client/components/ui/failure-toast';
import { toast } from '#client/components/ui/use-toast';

/** 'Send again' for an uncertain delivery: a person decides, knowing the vendor may get the message twice. */
export function SendAgainDialog({
  target,
  onClose,
}: {
  target: { sendId: number; delivery: SendDelivery } | null;
  onClose: () => void;
}) {
  const sendAgain = useSendAgain();
  const delivery = target?.delivery;
  const name = delivery?.vendorName ?? '';

  function confirm() {
    if (!target) return;
    sendAgain.mutate(
      { sendId: target.sendId, vendorId: target.delivery.vendorId },
      {
        onSuccess: ({ delivery: updated }) => {
          if (updated.status === 'sent')
            toast({ title: 'Sent again', description: `The message to ${name} was mailed.` });
          else if (updated.status === 'pending')
            toast({ title: 'Queued again', description: `The message to ${name} is waiting for its next attempt.` });
          else
            toast({
              title: 'Send again did not go through',
              description: updated.error ?? `The message to ${name} is ${updated.status}.`,
              variant: 'destructive',
            });
          onClose();
        },
        onError: (error) => failureToast('Failed to send again', error),
      },
    );
  }

  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Send again?"
      confirmLabel="Send again"
      pendingLabel="Sending..."
      isPending={sendAgain.isPending}
      onConfirm={confirm}
    >
      <p>
        The message to <strong className="font-semibold text-slate-900">{name}</strong> may already have arrived: it
        left, but no answer came back. Sending again may mail {name} a second time.
      </p>
      {delivery?.error ? (
        <p className="rounded-md bg-amber-50 p-2 text-[13px] text-amber-900 wrap-anywhere">{delivery.error}</p>
      ) : null}
      <p className="text-[13px] text-slate-600">
        The copy keeps the same Message-ID, so a mailbox that got the first one can drop it.
      </p>
    </ConfirmDialog>
  );
}
