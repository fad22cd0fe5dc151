import type { EmailLogDelivery } from '#shared/contracts/email-logs';
import { Button } from '#client/components/ui/button';
import { DialogContent } from '#client/components/ui/dialog';
import { toast } from '#client/components/ui/use-toast';
import { messageOf } from '#client/lib/request';
import { useSendAgain } from '#client/api/email-logs';

/** 'Send again' for an uncertain delivery: a person decides, knowing the vendor may get the message twice. */
export function SendAgainDialogContent({ logId, delivery, onClose }: { logId: number; delivery: EmailLogDelivery; onClose: () => void }) {
  const sendAgain = useSendAgain();
  const name = delivery.vendorName;

  function confirm() {
    sendAgain.mutate(
      { logId, vendorId: delivery.vendorId },
      {
        onSuccess: ({ delivery: updated }) => {
          if (updated.status === 'sent') toast({ title: 'Sent again', description: `The message to ${name} was mailed.` });
          else if (updated.status === 'pending') toast({ title: 'Queued again', description: `The message to ${name} is waiting for its next attempt.` });
          else toast({ title: 'Send again did not go through', description: updated.error ?? `The message to ${name} is ${updated.status}.`, variant: 'destructive' });
          onClose();
        },
        onError: (error) => toast({ title: 'Failed to send again', description: messageOf(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  }

  return (
    <DialogContent
      title="Send again?"
      className="sm:max-w-md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={sendAgain.isPending}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={sendAgain.isPending}>
            {sendAgain.isPending ? 'Sending...' : 'Send again'}
          </Button>
        </>
      }
    >
      <div className="grid gap-2 text-sm text-slate-700">
        <p>
          The message to <strong className="font-semibold text-slate-900">{name}</strong> may already have arrived: it left, but no answer
          came back. Sending again may mail {name} a second time.
        </p>
        {delivery.error ? <p className="rounded-md bg-amber-50 p-2 text-[13px] text-amber-900 wrap-anywhere">{delivery.error}</p> : null}
        <p className="text-[13px] text-slate-600">The copy keeps the same Message-ID, so a mailbox that got the first one can drop it.</p>
      </div>
    </DialogContent>
  );
}
