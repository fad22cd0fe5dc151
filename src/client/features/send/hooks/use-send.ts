import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { SendBodyInput } from '../../../../shared/contracts/send';
import { toast } from '../../../components/ui/use-toast';
import { messageOf } from '../../../lib/request';
import { EMAIL_LOGS_QUERY_KEY, sendConsolidated } from '../api/send';

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
      const delivered = result.mailed + result.pending;
      toast({ title: 'Email sent successfully!', description: `Email delivered to ${delivered} vendor(s).` });
      await onSent();
      void queryClient.invalidateQueries({ queryKey: EMAIL_LOGS_QUERY_KEY });
    } catch (error) {
      toast({ title: 'Failed to send email', description: messageOf(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  return { send, isSending };
}
