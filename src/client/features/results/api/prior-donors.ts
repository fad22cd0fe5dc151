import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletePriorDonors, replacePriorDonors } from '#shared/api/results';
import { RESULTS_QUERY_KEY } from '#client/api/results-key';
import { call } from '#client/lib/request';

/** Admins: replaces the client's prior donor file (kept by the server only as keyed hashes). */
export function useUploadPriorDonors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ client, file }: { client: string; file: File }) =>
      call(replacePriorDonors, { query: { client }, body: file }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RESULTS_QUERY_KEY }),
  });
}

export function useDeletePriorDonors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (client: string) => call(deletePriorDonors, { query: { client } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RESULTS_QUERY_KEY }),
  });
}
