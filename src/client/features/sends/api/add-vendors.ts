import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addVendors } from '#shared/api/sends';
import { SENDS_QUERY_KEY } from '#client/api/sends-key';
import { call } from '#client/lib/request';

/** 'Add vendors' to a past send; the key makes a retry of the same request safe. */
export function useAddVendors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      sendId,
      vendorIds,
      idempotencyKey,
    }: {
      sendId: number;
      vendorIds: string[];
      idempotencyKey: string;
    }) =>
      call(addVendors, {
        params: { id: sendId },
        body: { vendorIds },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SENDS_QUERY_KEY }),
  });
}
