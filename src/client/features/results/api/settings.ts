import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resultsSettings } from '#shared/contracts/responses/results';
import { contractShape } from '#client/api/contract-shape';
import { RESULTS_QUERY_KEY } from '#client/api/results-key';
import { request } from '#client/lib/request';
import { resultsPath } from './csv-body';

const settingsShape = contractShape(resultsSettings);

/** The client's attribution window, saved column mapping and the size of its prior donor file. */
export const useResultsSettings = (client: string) =>
  useQuery({
    queryKey: [...RESULTS_QUERY_KEY, client, 'settings'],
    queryFn: ({ signal }) => request(resultsPath('/settings', { client }), settingsShape, { signal }),
  });

/** A new window re-attributes the stored rows at once: every results answer is refreshed. */
export function useSaveAttributionWindow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ client, attributionWindowDays }: { client: string; attributionWindowDays: number }) =>
      request(resultsPath('/settings', { client }), settingsShape, { method: 'PUT', body: { attributionWindowDays } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RESULTS_QUERY_KEY }),
  });
}
