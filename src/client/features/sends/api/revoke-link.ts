import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeLink } from '#shared/api/tracking';
import { SENDS_QUERY_KEY } from '#client/api/sends-key';
import { call } from '#client/lib/request';

/** Turns off one vendor's personal page link of a send (issue 14 item 1); the log and open details read it again. */
export function useRevokeVendorLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sendId, vendorId }: { sendId: number; vendorId: string }) =>
      call(revokeLink, { params: { id: sendId, vendorId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SENDS_QUERY_KEY }),
  });
}
