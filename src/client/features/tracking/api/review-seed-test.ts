import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewSeedTest } from '#shared/api/tracking';
import type { SeedTestReview } from '#shared/contracts/tracking';
import { SENDS_QUERY_KEY } from '#client/api/sends-key';
import { call } from '#client/lib/request';

/** 'Approve' or 'Request changes' on a vendor's seed test; the board and the log read the new status. */
export function useReviewSeedTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sendId, vendorId, review }: { sendId: number; vendorId: string; review: SeedTestReview }) =>
      call(reviewSeedTest, { params: { id: sendId, vendorId }, body: review }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['tracking-board'] }),
        queryClient.invalidateQueries({ queryKey: SENDS_QUERY_KEY }),
      ]);
    },
  });
}
