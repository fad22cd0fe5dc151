import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addResultCode, getResultCodes, removeResultCode } from '#shared/api/results';
import { call } from '#client/lib/request';
import { RESULTS_QUERY_KEY } from './results-key';

/** A vendor's result codes: its UTM source and the extra codes an admin added (Vendor Settings, the Results screen). */
export const resultCodesQueryOptions = (vendorId: string) =>
  queryOptions({
    queryKey: [...RESULTS_QUERY_KEY, 'codes', vendorId],
    queryFn: ({ signal }) => call(getResultCodes, { params: { vendorId }, signal }),
  });

export const useResultCodes = (vendorId: string) => useQuery(resultCodesQueryOptions(vendorId));

/** Adding or removing a code re-attributes the stored rows at once: every results answer is refreshed. */
export function useAddResultCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vendorId, code }: { vendorId: string; code: string }) =>
      call(addResultCode, { params: { vendorId }, body: { code } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RESULTS_QUERY_KEY }),
  });
}

export function useRemoveResultCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vendorId, code }: { vendorId: string; code: string }) =>
      call(removeResultCode, { params: { vendorId, code } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RESULTS_QUERY_KEY }),
  });
}
