import { useQuery } from '@tanstack/react-query';
import { getSendResults } from '#shared/api/results';
import { RESULTS_QUERY_KEY } from '#client/api/results-key';
import { call } from '#client/lib/request';

/** What each vendor of a send raised (issue 23), under the results key: an import or a new code refreshes it. */
export const useSendResults = (sendId: number) =>
  useQuery({
    queryKey: [...RESULTS_QUERY_KEY, 'send', sendId],
    queryFn: ({ signal }) => call(getSendResults, { params: { id: sendId }, signal }),
  });
