import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VendorSplit } from '#shared/contracts/vendors';
import { vendorSplitListShape, vendorSplitShape } from '#shared/contracts/responses';
import { request, revalidatingQuery } from '#client/lib/request';

export const VENDOR_SPLITS_QUERY_KEY = ['/api/vendor-splits'] as const;

export const vendorSplitsQueryOptions = () =>
  queryOptions({
    queryKey: VENDOR_SPLITS_QUERY_KEY,
    queryFn: revalidatingQuery('/api/vendor-splits', vendorSplitListShape),
  });

export const useVendorSplits = () => useQuery(vendorSplitsQueryOptions());

export function useSaveVendorSplit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorSplit) => request('/api/vendor-splits', vendorSplitShape, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: VENDOR_SPLITS_QUERY_KEY }),
  });
}
