import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VendorUtmSource } from '#shared/contracts/vendors';
import { vendorUtmSourceListShape, vendorUtmSourceShape } from '#shared/contracts/responses';
import { request, revalidatingQuery } from '#client/lib/request';

export const VENDOR_UTM_SOURCES_QUERY_KEY = ['/api/vendor-utm-sources'] as const;

export const vendorUtmSourcesQueryOptions = () =>
  queryOptions({
    queryKey: VENDOR_UTM_SOURCES_QUERY_KEY,
    queryFn: revalidatingQuery('/api/vendor-utm-sources', vendorUtmSourceListShape),
  });

export const useVendorUtmSources = () => useQuery(vendorUtmSourcesQueryOptions());

export function useSaveVendorUtmSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorUtmSource) =>
      request('/api/vendor-utm-sources', vendorUtmSourceShape, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: VENDOR_UTM_SOURCES_QUERY_KEY }),
  });
}
