import { sendConsolidated } from '#shared/api/send';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendBodyInput } from '#shared/contracts/send';
import { SENDS_QUERY_KEY } from '#client/api/sends-key';
import { call } from '#client/lib/request';

export interface SendConsolidatedInput {
  body: SendBodyInput;
  /** Kept across retries of the same content, so a double click, a retry or a reload mails nobody twice. */
  idempotencyKey: string;
}

/** The send to every selected vendor; the log gains an entry, so its lists are refreshed. */
export function useSendConsolidated() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: SendConsolidatedInput) =>
      call(sendConsolidated, {
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: SENDS_QUERY_KEY });
    },
  });
}
