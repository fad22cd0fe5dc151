import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getResultsSummary } from '#shared/api/results';
import { RESULTS_QUERY_KEY } from '#client/api/results-key';
import { call } from '#client/lib/request';

/** Per-vendor figures of the contributions dated from..to (New York dates, inclusive). */
export const useResultsSummary = (client: string, from: string, to: string) =>
  useQuery({
    queryKey: [...RESULTS_QUERY_KEY, client, 'summary', from, to],
    queryFn: ({ signal }) => call(getResultsSummary, { query: { client, from, to }, signal }),
    placeholderData: keepPreviousData,
  });
