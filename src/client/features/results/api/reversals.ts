import { useQuery } from '@tanstack/react-query';
import { listReversals } from '#shared/api/results';
import { RESULTS_QUERY_KEY } from '#client/api/results-key';
import { call } from '#client/lib/request';

/** The client's reversals waiting for their contribution, and contributions whose reversals exceed their amount. */
export const useReversals = (client: string) =>
  useQuery({
    queryKey: [...RESULTS_QUERY_KEY, client, 'reversals'],
    queryFn: ({ signal }) => call(listReversals, { query: { client }, signal }),
  });
