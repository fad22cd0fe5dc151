import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resultCodes } from '#shared/contracts/responses/results';
import { request } from '#client/lib/request';
import { contractShape } from './contract-shape';
import { RESULTS_QUERY_KEY } from './results-key';

/** A vendor's result codes: its UTM source and the extra codes an admin added (Vendor Settings, the Results screen). */
const resultCodesShape = contractShape(resultCodes);
const codesPath = (vendorId: string) => `/api/vendors/${encodeURIComponent(vendorId)}/result-codes`;

export const resultCodesQueryOptions = (vendorId: string) =>
  queryOptions({
    queryKey: [...RESULTS_QUERY_KEY, 'codes', vendorId],
    queryFn: ({ signal }) => request(codesPath(vendorId), resultCodesShape, { signal }),
  });

export const useResultCodes = (vendorId: string) => useQuery(resultCodesQueryOptions(vendorId));

/** Adding or removing a code re-attributes the stored rows at once: every results answer is refreshed. */
export function useAddResultCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vendorId, code }: { vendorId: string; code: string }) =>
      request(codesPath(vendorId), resultCodesShape, { method: 'POST', body: { code } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RESULTS_QUERY_KEY }),
  });
}

export function useRemoveResultCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vendorId, code }: { vendorId: string; code: string }) =>
      request(`${codesPath(vendorId)}/${encodeURIComponent(code)}`, resultCodesShape, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RESULTS_QUERY_KEY }),
  });
}
