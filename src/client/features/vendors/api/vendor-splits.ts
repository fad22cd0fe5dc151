import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VendorSplit } from '#shared/contracts/vendors';
import { request } from '#client/lib/request';

export const VENDOR_SPLITS_QUERY_KEY = ['/api/vendor-splits'] as const;

export const vendorSplitsQueryOptions = () =>
  queryOptions({ queryKey: VENDOR_SPLITS_QUERY_KEY, queryFn: () => request<VendorSplit[]>('/api/vendor-splits') });

export const useVendorSplits = () => useQuery(vendorSplitsQueryOptions());

export function useSaveVendorSplit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorSplit) => request<VendorSplit>('/api/vendor-splits', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: VENDOR_SPLITS_QUERY_KEY }),
  });
}
