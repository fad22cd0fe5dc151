import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noContent } from '#shared/contracts/responses';
import { priorDonorsCount } from '#shared/contracts/responses/results';
import { contractShape } from '#client/api/contract-shape';
import { RESULTS_QUERY_KEY } from '#client/api/results-key';
import { request } from '#client/lib/request';
import { postCsv, resultsPath } from './csv-body';

const countShape = contractShape(priorDonorsCount);

/** Admins: replaces the client's prior donor file (kept by the server only as keyed hashes). */
export function useUploadPriorDonors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ client, file }: { client: string; file: File }) =>
      postCsv(resultsPath('/prior-donors', { client }), file, countShape),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RESULTS_QUERY_KEY }),
  });
}

export function useDeletePriorDonors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (client: string) => request(resultsPath('/prior-donors', { client }), noContent, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RESULTS_QUERY_KEY }),
  });
}
