import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vendor } from '#shared/contracts/vendors';
import { request } from '#client/lib/request';

/** The vendor filter's choices: the same list and cache entry the vendor screens use. */
export const vendorOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/vendors'] as const, queryFn: () => request<Vendor[]>('/api/vendors') });

export const useVendorOptions = () => useQuery(vendorOptionsQueryOptions());
