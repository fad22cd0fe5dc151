import { useMutation, useQueryClient } from '@tanstack/react-query';
import { seedTestReviewResultShape } from '#shared/contracts/responses';
import type { SeedTestReview } from '#shared/contracts/tracking';
import { SENDS_QUERY_KEY } from '#client/api/sends-key';
import { request } from '#client/lib/request';

/** 'Approve' or 'Request changes' on a vendor's seed test; the board and the log read the new status. */
export function useReviewSeedTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ logId, vendorId, review }: { logId: number; vendorId: string; review: SeedTestReview }) =>
      request(`/api/email-logs/${logId}/deliveries/${encodeURIComponent(vendorId)}/review`, seedTestReviewResultShape, {
        method: 'POST',
        body: review,
      }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['tracking-board'] }),
        queryClient.invalidateQueries({ queryKey: SENDS_QUERY_KEY }),
      ]);
    },
  });
}
