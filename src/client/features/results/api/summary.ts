import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { resultsSummary } from '#shared/contracts/responses/results';
import { contractShape } from '#client/api/contract-shape';
import { RESULTS_QUERY_KEY } from '#client/api/results-key';
import { request } from '#client/lib/request';
import { resultsPath } from './csv-body';

const summaryShape = contractShape(resultsSummary);

/** Per-vendor figures of the contributions dated from..to (New York dates, inclusive). */
export const useResultsSummary = (client: string, from: string, to: string) =>
  useQuery({
    queryKey: [...RESULTS_QUERY_KEY, client, 'summary', from, to],
    queryFn: ({ signal }) => request(resultsPath('/summary', { client, from, to }), summaryShape, { signal }),
    placeholderData: keepPreviousData,
  });
