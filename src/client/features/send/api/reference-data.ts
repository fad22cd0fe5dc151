import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppSettings } from '#shared/contracts/app-settings';
import type { ApprovalEmail, Vendor, VendorCosts, VendorSplit, VendorUtmSource } from '#shared/contracts/vendors';
import { request } from '#client/lib/request';

// The same keys as the Vendors and Approvals screens, so a change there refreshes the send page's cache too.
const listQuery = <T,>(path: string) => queryOptions({ queryKey: [path], queryFn: () => request<T>(path) });

export const vendorsQuery = listQuery<Vendor[]>('/api/vendors');
export const vendorSplitsQuery = listQuery<VendorSplit[]>('/api/vendor-splits');
export const vendorUtmSourcesQuery = listQuery<VendorUtmSource[]>('/api/vendor-utm-sources');
export const vendorCostsQuery = listQuery<VendorCosts[]>('/api/vendor-costs');
export const approvalEmailsQuery = listQuery<ApprovalEmail[]>('/api/approval-emails');
export const appSettingsQuery = listQuery<AppSettings>('/api/app-settings');
export const firstNameQuery = listQuery<{ firstName: string }>('/api/user/first-name');

/** Everything the send page reads besides the user's own drafts, with per-vendor lookups. */
export function useReferenceData() {
  const vendors = useQuery(vendorsQuery);
  const splits = useQuery(vendorSplitsQuery);
  const utmSources = useQuery(vendorUtmSourcesQuery);
  const costs = useQuery(vendorCostsQuery);
  const approvals = useQuery(approvalEmailsQuery);
  const settings = useQuery(appSettingsQuery);
  const firstName = useQuery(firstNameQuery);
  return {
    vendors: vendors.data ?? [],
    isLoadingVendors: vendors.isPending,
    vendorsError: vendors.error,
    retryVendors: () => void vendors.refetch(),
    splits: Object.fromEntries((splits.data ?? []).map((row) => [row.vendorId, row.splitRatio])),
    utmOverrides: utmSources.data ?? [],
    costs: Object.fromEntries((costs.data ?? []).map(({ vendorId, ...values }) => [vendorId, values])),
    approvalEmails: (approvals.data ?? []).map((row) => row.email),
    hubPassword: settings.data?.hubPassword ?? undefined,
    firstName: firstName.data?.firstName ?? '',
  };
}

export type ReferenceData = ReturnType<typeof useReferenceData>;
