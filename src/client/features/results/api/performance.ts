import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { performanceReport } from '#shared/contracts/performance';
import { contractShape } from '#client/api/contract-shape';
import { RESULTS_QUERY_KEY } from '#client/api/results-key';
import { request } from '#client/lib/request';

const reportShape = contractShape(performanceReport);

/** Per vendor over the client's sends dated from..to (New York dates, inclusive): GET /api/vendor-performance. */
export const useVendorPerformance = (client: string, from: string, to: string) =>
  useQuery({
    queryKey: [...RESULTS_QUERY_KEY, client, 'performance', from, to],
    queryFn: ({ signal }) =>
      request(`/api/vendor-performance?${new URLSearchParams({ client, from, to })}`, reportShape, { signal }),
    placeholderData: keepPreviousData,
  });
