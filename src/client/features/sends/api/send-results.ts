import { useQuery } from '@tanstack/react-query';
import { sendResults } from '#shared/contracts/responses/results';
import { contractShape } from '#client/api/contract-shape';
import { RESULTS_QUERY_KEY } from '#client/api/results-key';
import { request } from '#client/lib/request';

const sendResultsShape = contractShape(sendResults);

/** What each vendor of a send raised (issue 23), under the results key: an import or a new code refreshes it. */
export const useSendResults = (logId: number) =>
  useQuery({
    queryKey: [...RESULTS_QUERY_KEY, 'send', logId],
    queryFn: ({ signal }) => request(`/api/email-logs/${logId}/results`, sendResultsShape, { signal }),
  });
