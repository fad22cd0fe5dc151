import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateVendorBody, UpdateVendorBody } from '#shared/contracts/vendors';
import { noContent, vendorListShape, vendorShape } from '#shared/contracts/responses';
import { request, revalidatingQuery } from '#client/lib/request';
import { VENDOR_COSTS_QUERY_KEY } from './vendor-costs';
import { VENDOR_SPLITS_QUERY_KEY } from './vendor-splits';
import { VENDOR_UTM_SOURCES_QUERY_KEY } from './vendor-utm-sources';

/** The vendors list: the vendor screens, the send page's picker and the log's vendor filter share this cache entry. */
export const VENDORS_QUERY_KEY = ['/api/vendors'] as const;

export const vendorsQueryOptions = () =>
  queryOptions({ queryKey: VENDORS_QUERY_KEY, queryFn: revalidatingQuery('/api/vendors', vendorListShape) });

export const useVendors = () => useQuery(vendorsQueryOptions());

const vendorPath = (vendorId: string) => `/api/vendors/${encodeURIComponent(vendorId)}`;

export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateVendorBody) => request('/api/vendors', vendorShape, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: VENDORS_QUERY_KEY }),
  });
}

export function useUpdateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vendorId, ...body }: UpdateVendorBody & { vendorId: string }) =>
      request(vendorPath(vendorId), vendorShape, { method: 'PUT', body }),
    // Not awaited, for the reason given at useDeleteVendor: a 404's refresh removes the vendor and its modal.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: VENDORS_QUERY_KEY });
    },
  });
}

/**
 * The server deletes the vendor's split, UTM override and costs with it, so all four lists are refreshed. The refresh
 * is not awaited: it removes the vendor, which unmounts its modal, and the caller's onSuccess must run before that.
 */
export function useDeleteVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vendorId: string) => request(vendorPath(vendorId), noContent, { method: 'DELETE' }),
    onSettled: () => {
      void invalidateVendorData(queryClient);
    },
  });
}

/** Refreshes the vendors and everything kept per vendor (splits, UTM overrides, costs). */
export function invalidateVendorData(queryClient: QueryClient) {
  return Promise.all(
    [VENDORS_QUERY_KEY, VENDOR_SPLITS_QUERY_KEY, VENDOR_UTM_SOURCES_QUERY_KEY, VENDOR_COSTS_QUERY_KEY].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
