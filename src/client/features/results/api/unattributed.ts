import { useQuery } from '@tanstack/react-query';
import { listUnattributed } from '#shared/api/results';
import { RESULTS_QUERY_KEY } from '#client/api/results-key';
import { call } from '#client/lib/request';

/** The client's contributions attributed to no send, grouped by code and reason, largest amount first. */
export const useUnattributedCodes = (client: string) =>
  useQuery({
    queryKey: [...RESULTS_QUERY_KEY, client, 'unattributed'],
    queryFn: ({ signal }) => call(listUnattributed, { query: { client }, signal }),
  });
