import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { vendorCosts, vendorCostsList, type VendorCosts } from '#shared/contracts/vendors';
import { request, revalidatingQuery } from '#client/lib/request';

export const VENDOR_COSTS_QUERY_KEY = ['/api/vendor-costs'] as const;

export const vendorCostsQueryOptions = () =>
  queryOptions({ queryKey: VENDOR_COSTS_QUERY_KEY, queryFn: revalidatingQuery('/api/vendor-costs', vendorCostsList) });

export const useVendorCosts = () => useQuery(vendorCostsQueryOptions());

export function useSaveVendorCosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorCosts) => request('/api/vendor-costs', vendorCosts, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: VENDOR_COSTS_QUERY_KEY }),
  });
}
