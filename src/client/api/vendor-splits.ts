import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VendorSplit } from '#shared/contracts/vendors';
import { listVendorSplits, saveVendorSplit } from '#shared/api/vendor-settings';
import { call, revalidatingQuery } from '#client/lib/request';

export const VENDOR_SPLITS_QUERY_KEY = ['/api/vendor-splits'] as const;

export const vendorSplitsQueryOptions = () =>
  queryOptions({
    queryKey: VENDOR_SPLITS_QUERY_KEY,
    queryFn: revalidatingQuery(listVendorSplits),
  });

export const useVendorSplits = () => useQuery(vendorSplitsQueryOptions());

export function useSaveVendorSplit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorSplit) => call(saveVendorSplit, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: VENDOR_SPLITS_QUERY_KEY }),
  });
}
