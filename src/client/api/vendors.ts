import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateVendorBody, UpdateVendorBody } from '#shared/contracts/vendors';
import { createVendor, deleteVendor, listVendors, updateVendor } from '#shared/api/vendors';
import { call, revalidatingQuery } from '#client/lib/request';
import { VENDOR_COSTS_QUERY_KEY } from './vendor-costs';
import { VENDOR_SPLITS_QUERY_KEY } from './vendor-splits';
import { VENDOR_UTM_SOURCES_QUERY_KEY } from './vendor-utm-sources';

/** The vendors list: the vendor screens, the send page's picker and the log's vendor filter share this cache entry. */
export const VENDORS_QUERY_KEY = ['/api/vendors'] as const;

export const vendorsQueryOptions = () =>
  queryOptions({ queryKey: VENDORS_QUERY_KEY, queryFn: revalidatingQuery(listVendors) });

export const useVendors = () => useQuery(vendorsQueryOptions());

export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateVendorBody) => call(createVendor, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: VENDORS_QUERY_KEY }),
  });
}

export function useUpdateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vendorId, ...body }: UpdateVendorBody & { vendorId: string }) =>
      call(updateVendor, { params: { vendorId }, body }),
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
    mutationFn: (vendorId: string) => call(deleteVendor, { params: { vendorId } }),
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
