import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { APPROVAL_EMAILS_QUERY_KEY } from '#client/api/approval-emails';
import { VENDOR_COSTS_QUERY_KEY } from '#client/api/vendor-costs';
import { VENDOR_SPLITS_QUERY_KEY } from '#client/api/vendor-splits';
import {
  approvalAddressesQueryOptions,
  costsByVendorQueryOptions,
  splitsByVendorQueryOptions,
} from './use-reference-data';

/** Each render builds the options anew, as the hook does; the observer is the one a mounted useQuery keeps. */
function twoRenders<T>(client: QueryClient, options: () => { queryKey: readonly unknown[]; select?: unknown }) {
  const observer = new QueryObserver(client, options() as never);
  const first = observer.getOptimisticResult(options() as never).data as T;
  const second = observer.getOptimisticResult(options() as never).data as T;
  return { first, second };
}

describe('the send page reference lookups', () => {
  it('keep their identity from render to render while the data is unchanged, so the page memos hold', () => {
    const client = new QueryClient();
    client.setQueryData(VENDOR_SPLITS_QUERY_KEY, [{ vendorId: 'acme1234', splitRatio: '60/40' }]);
    client.setQueryData(VENDOR_COSTS_QUERY_KEY, [
      {
        vendorId: 'acme1234',
        costPerDonor: 5,
        cpdBudget: 100,
        costPerAcquisition: null,
        cpaBudget: null,
        costPerThousand: null,
        cpmBudget: null,
      },
    ]);
    client.setQueryData(APPROVAL_EMAILS_QUERY_KEY, [{ id: 1, email: 'boss@example.test' }]);

    const splits = twoRenders<Record<string, string>>(client, splitsByVendorQueryOptions);
    expect(splits.first).toEqual({ acme1234: '60/40' });
    expect(splits.second).toBe(splits.first);
    const costs = twoRenders(client, costsByVendorQueryOptions);
    expect(costs.second).toBe(costs.first);
    const approvals = twoRenders<string[]>(client, approvalAddressesQueryOptions);
    expect(approvals.first).toEqual(['boss@example.test']);
    expect(approvals.second).toBe(approvals.first);
  });
});
