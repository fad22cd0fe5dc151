import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { SendBodyInput } from '#shared/contracts/send';
import { toast } from '#client/components/ui/use-toast';
import { messageOf } from '#client/lib/request';
import { EMAIL_LOGS_QUERY_KEY, sendConsolidated, sendProof } from '../api/send';

/**
 * One send attempt per content: the idempotency key is kept until the send succeeds or the content changes, so a
 * retry after a lost answer returns the first result instead of mailing vendors again.
 */
export function useSend(onSent: () => Promise<void>) {
  const queryClient = useQueryClient();
  const [isSending, setSending] = useState(false);
  const attempt = useRef<{ bodyKey: string; idempotencyKey: string } | null>(null);

  async function send(body: SendBodyInput) {
    if (isSending) return;
    const bodyKey = JSON.stringify(body);
    if (attempt.current?.bodyKey !== bodyKey) attempt.current = { bodyKey, idempotencyKey: crypto.randomUUID() };
    setSending(true);
    try {
      const result = await sendConsolidated(body, attempt.current.idempotencyKey);
      attempt.current = null;
      const later = result.pending + result.failed + result.uncertain;
      toast({
        title: 'Email sent successfully!',
        description: `Email delivered to ${result.mailed} vendor(s).${later > 0 ? ` ${later} more in progress: the Deployment Log shows each one's status.` : ''}`,
      });
      await onSent();
      void queryClient.invalidateQueries({ queryKey: EMAIL_LOGS_QUERY_KEY });
    } catch (error) {
      toast({ title: 'Failed to send email', description: messageOf(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  const [isProofing, setProofing] = useState(false);

  /** 'Send me a proof': the exact message one vendor would get, to the sender only. */
  async function proof(body: SendBodyInput, vendorId: string, vendorName: string) {
    setProofing(true);
    try {
      const result = await sendProof(body, vendorId);
      toast(
        result.status === 'sent'
          ? { title: 'Proof sent', description: `The message ${vendorName} would receive was sent to ${result.to}.` }
          : { title: 'Proof may not have arrived', description: result.message ?? 'No answer came from the mail server.', variant: 'destructive' },
      );
    } catch (error) {
      toast({ title: 'Failed to send proof', description: messageOf(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setProofing(false);
    }
  }

  return { send, isSending, proof, isProofing };
}
