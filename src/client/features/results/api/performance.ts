import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getVendorPerformance } from '#shared/api/performance';
import { RESULTS_QUERY_KEY } from '#client/api/results-key';
import { call } from '#client/lib/request';

/** Per vendor over the client's sends dated from..to (New York dates, inclusive): GET /api/vendor-performance. */
export const useVendorPerformance = (client: string, from: string, to: string) =>
  useQuery({
    queryKey: [...RESULTS_QUERY_KEY, client, 'performance', from, to],
    queryFn: ({ signal }) => call(getVendorPerformance, { query: { client, from, to }, signal }),
    placeholderData: keepPreviousData,
  });
