import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VendorUtmSource } from '#shared/contracts/vendors';
import { listVendorUtmSources, saveVendorUtmSource } from '#shared/api/vendor-settings';
import { call, revalidatingQuery } from '#client/lib/request';

export const VENDOR_UTM_SOURCES_QUERY_KEY = ['/api/vendor-utm-sources'] as const;

export const vendorUtmSourcesQueryOptions = () =>
  queryOptions({
    queryKey: VENDOR_UTM_SOURCES_QUERY_KEY,
    queryFn: revalidatingQuery(listVendorUtmSources),
  });

export const useVendorUtmSources = () => useQuery(vendorUtmSourcesQueryOptions());

export function useSaveVendorUtmSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorUtmSource) => call(saveVendorUtmSource, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: VENDOR_UTM_SOURCES_QUERY_KEY }),
  });
}
