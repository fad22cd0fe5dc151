import { useRef, useState } from 'react';
import type { SendBodyInput } from '#shared/contracts/send';
import { failureToast } from '#client/components/ui/failure-toast';
import { toast } from '#client/components/ui/use-toast';
import { messageOf } from '#client/lib/request';
import { useSendConsolidated } from '../api/send-consolidated';
import { useSendProof } from '../api/send-proof';

const UNREACHABLE =
  'The server could not be reached. Try again in a moment: sending the same content again never mails a vendor twice.';

/**
 * One send attempt per content: the idempotency key is kept until the send succeeds or the content changes, so a
 * retry after a lost answer returns the first result instead of mailing vendors again.
 */
export function useSend(onSent: () => Promise<void>) {
  const sendConsolidated = useSendConsolidated();
  const sendProof = useSendProof();
  const attempt = useRef<{ bodyKey: string; idempotencyKey: string } | null>(null);
  // Still sending while the page resets after a success, so the old content cannot be sent again meanwhile.
  const [isResetting, setResetting] = useState(false);
  const isSending = sendConsolidated.isPending || isResetting;

  async function send(body: SendBodyInput) {
    if (isSending) return;
    const bodyKey = JSON.stringify(body);
    if (attempt.current?.bodyKey !== bodyKey) attempt.current = { bodyKey, idempotencyKey: crypto.randomUUID() };
    try {
      const result = await sendConsolidated.mutateAsync({ body, idempotencyKey: attempt.current.idempotencyKey });
      attempt.current = null;
      const later = result.pending + result.failed + result.uncertain;
      toast({
        title: 'Email sent successfully!',
        description: `Email delivered to ${result.mailed} vendor(s).${later > 0 ? ` ${later} more in progress: the Deployment Log shows each one's status.` : ''}`,
      });
      setResetting(true);
      await onSent();
    } catch (error) {
      // No answer at all (the server is away): the same content keeps its key, so sending it again mails nobody twice.
      const description = error instanceof TypeError ? UNREACHABLE : messageOf(error, 'Please try again.');
      toast({ title: 'Failed to send email', description, variant: 'destructive' });
    } finally {
      setResetting(false);
    }
  }

  /** 'Send me a proof': the exact message one vendor would get, to the sender only. */
  async function proof(body: SendBodyInput, vendorId: string, vendorName: string) {
    try {
      const result = await sendProof.mutateAsync({ body, vendorId });
      toast(
        result.status === 'sent'
          ? { title: 'Proof sent', description: `The message ${vendorName} would receive was sent to ${result.to}.` }
          : {
              title: 'Proof may not have arrived',
              description: result.message ?? 'No answer came from the mail server.',
              variant: 'destructive',
            },
      );
    } catch (error) {
      failureToast('Failed to send proof', error);
    }
  }

  return { send, isSending, proof, isProofing: sendProof.isPending };
}
