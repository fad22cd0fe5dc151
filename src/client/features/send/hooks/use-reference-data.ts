import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApprovalEmail, Vendor, VendorCosts, VendorSplit, VendorUtmSource } from '#shared/contracts/vendors';
import type { CostValues } from '#shared/rules/pricing';
import { approvalEmailsQueryOptions } from '#client/api/approval-emails';
import { vendorCostsQueryOptions } from '#client/api/vendor-costs';
import { vendorSplitsQueryOptions } from '#client/api/vendor-splits';
import { vendorUtmSourcesQueryOptions } from '#client/api/vendor-utm-sources';
import { vendorsQueryOptions } from '#client/api/vendors';
import { useAppSettings } from '../api/app-settings';
import { useFirstName } from '../api/first-name';

// The lookups are `select`s, with constants while loading: Query keeps a select's result (and shares its structure
// with the last one), so each lookup keeps its identity from render to render and the send page's memos hold.
const NO_VENDORS: Vendor[] = [];
const NO_SPLITS: Record<string, string> = {};
const NO_COSTS: Record<string, CostValues> = {};
const NO_ADDRESSES: string[] = [];
const NO_UTM_SOURCES: VendorUtmSource[] = [];

const splitsByVendor = (rows: VendorSplit[]) => Object.fromEntries(rows.map((row) => [row.vendorId, row.splitRatio]));
const costsByVendor = (rows: VendorCosts[]): Record<string, CostValues> =>
  Object.fromEntries(rows.map(({ vendorId, ...values }) => [vendorId, values]));
const addressesOf = (rows: ApprovalEmail[]) => rows.map((row) => row.email);

export const splitsByVendorQueryOptions = () => queryOptions({ ...vendorSplitsQueryOptions(), select: splitsByVendor });
export const costsByVendorQueryOptions = () => queryOptions({ ...vendorCostsQueryOptions(), select: costsByVendor });
export const approvalAddressesQueryOptions = () =>
  queryOptions({ ...approvalEmailsQueryOptions(), select: addressesOf });

/** Everything the send page reads besides the user's own drafts, with per-vendor lookups. */
export function useReferenceData() {
  const vendors = useQuery(vendorsQueryOptions());
  const splits = useQuery(splitsByVendorQueryOptions());
  const utmSources = useQuery(vendorUtmSourcesQueryOptions());
  const costs = useQuery(costsByVendorQueryOptions());
  const approvals = useQuery(approvalAddressesQueryOptions());
  const settings = useAppSettings();
  const firstName = useFirstName();
  const { refetch } = vendors;
  const retryVendors = useCallback(() => void refetch(), [refetch]);
  return {
    vendors: vendors.data ?? NO_VENDORS,
    isLoadingVendors: vendors.isPending,
    vendorsError: vendors.error,
    retryVendors,
    splits: splits.data ?? NO_SPLITS,
    utmOverrides: utmSources.data ?? NO_UTM_SOURCES,
    costs: costs.data ?? NO_COSTS,
    approvalEmails: approvals.data ?? NO_ADDRESSES,
    hubPassword: settings.data?.hubPassword ?? undefined,
    hasVendorLinks: settings.data?.hasVendorLinks ?? false,
    /** PUBLIC_URL when vendors could not open their links from outside (loopback or private), else null. */
    unreachablePublicUrl:
      settings.data?.hasVendorLinks && settings.data.isPublicUrlPrivate ? settings.data.publicUrl : null,
    firstName: firstName.data?.firstName ?? '',
  };
}

export type ReferenceData = ReturnType<typeof useReferenceData>;
