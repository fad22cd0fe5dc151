import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getResultsSettings, saveResultsSettings } from '#shared/api/results';
import { RESULTS_QUERY_KEY } from '#client/api/results-key';
import { call } from '#client/lib/request';

/** The client's attribution window, saved column mapping and the size of its prior donor file. */
export const useResultsSettings = (client: string) =>
  useQuery({
    queryKey: [...RESULTS_QUERY_KEY, client, 'settings'],
    queryFn: ({ signal }) => call(getResultsSettings, { query: { client }, signal }),
  });

/** A new window re-attributes the stored rows at once: every results answer is refreshed. */
export function useSaveAttributionWindow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ client, attributionWindowDays }: { client: string; attributionWindowDays: number }) =>
      call(saveResultsSettings, { query: { client }, body: { attributionWindowDays } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RESULTS_QUERY_KEY }),
  });
}
