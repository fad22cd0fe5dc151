import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeLinkResultShape } from '#shared/contracts/responses';
import { SENDS_QUERY_KEY } from '#client/api/sends-key';
import { request } from '#client/lib/request';

/** Turns off one vendor's personal page link of a send (issue 14 item 1); the log and open details read it again. */
export function useRevokeVendorLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ logId, vendorId }: { logId: number; vendorId: string }) =>
      request(
        `/api/email-logs/${logId}/deliveries/${encodeURIComponent(vendorId)}/revoke-link`,
        revokeLinkResultShape,
        { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SENDS_QUERY_KEY }),
  });
}
