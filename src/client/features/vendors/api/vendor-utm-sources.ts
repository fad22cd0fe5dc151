import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VendorUtmSource } from '#shared/contracts/vendors';
import { request } from '#client/lib/request';

export const VENDOR_UTM_SOURCES_QUERY_KEY = ['/api/vendor-utm-sources'] as const;

export const vendorUtmSourcesQueryOptions = () =>
  queryOptions({
    queryKey: VENDOR_UTM_SOURCES_QUERY_KEY,
    queryFn: () => request<VendorUtmSource[]>('/api/vendor-utm-sources'),
  });

export const useVendorUtmSources = () => useQuery(vendorUtmSourcesQueryOptions());

export function useSaveVendorUtmSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorUtmSource) => request<VendorUtmSource>('/api/vendor-utm-sources', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: VENDOR_UTM_SOURCES_QUERY_KEY }),
  });
}
