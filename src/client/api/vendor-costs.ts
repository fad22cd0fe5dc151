import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VendorCosts } from '#shared/contracts/vendors';
import { vendorCostsListShape, vendorCostsShape } from '#shared/contracts/responses';
import { request, revalidatingQuery } from '#client/lib/request';

export const VENDOR_COSTS_QUERY_KEY = ['/api/vendor-costs'] as const;

export const vendorCostsQueryOptions = () =>
  queryOptions({
    queryKey: VENDOR_COSTS_QUERY_KEY,
    queryFn: revalidatingQuery('/api/vendor-costs', vendorCostsListShape),
  });

export const useVendorCosts = () => useQuery(vendorCostsQueryOptions());

export function useSaveVendorCosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorCosts) => request('/api/vendor-costs', vendorCostsShape, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: VENDOR_COSTS_QUERY_KEY }),
  });
}
