import { useQuery } from '@tanstack/react-query';
import { getRecentVendorPerformance } from '#shared/api/performance';
import { RESULTS_QUERY_KEY } from '#client/api/results-key';
import { revalidatingQuery } from '#client/lib/request';

/**
 * Every vendor's cost per new donor and ROI over the chosen client's last 90 days, for 'Select Vendors': one request,
 * made only once a client is chosen, revalidated with its ETag like the reference lists; under the results key, so an
 * import on the Results screen refreshes it.
 */
export const useRecentPerformance = (client: string | null) =>
  useQuery({
    queryKey: [...RESULTS_QUERY_KEY, client, 'recent-performance'],
    queryFn: revalidatingQuery(getRecentVendorPerformance, { query: { client: client ?? '' } }),
    enabled: client !== null,
  });
