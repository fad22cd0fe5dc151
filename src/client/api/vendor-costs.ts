import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VendorCosts } from '#shared/contracts/vendors';
import { listVendorCosts, saveVendorCosts } from '#shared/api/vendor-settings';
import { call, revalidatingQuery } from '#client/lib/request';

export const VENDOR_COSTS_QUERY_KEY = ['/api/vendor-costs'] as const;

export const vendorCostsQueryOptions = () =>
  queryOptions({
    queryKey: VENDOR_COSTS_QUERY_KEY,
    queryFn: revalidatingQuery(listVendorCosts),
  });

export const useVendorCosts = () => useQuery(vendorCostsQueryOptions());

export function useSaveVendorCosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorCosts) => call(saveVendorCosts, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: VENDOR_COSTS_QUERY_KEY }),
  });
}
