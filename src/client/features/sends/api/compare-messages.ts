import { queryOptions, useQuery } from '@tanstack/react-query';
import { messageComparisonShape } from '#shared/contracts/responses';
import { request } from '#client/lib/request';

/** What differs between two vendors' stored messages of a send. */
export const compareMessagesQueryOptions = (logId: number, a: string, b: string) =>
  queryOptions({
    queryKey: ['compare-messages', logId, a, b],
    queryFn: ({ signal }) =>
      request(`/api/email-logs/${logId}/compare?${new URLSearchParams({ a, b }).toString()}`, messageComparisonShape, {
        signal,
      }),
    enabled: a !== '' && b !== '' && a !== b,
  });

export const useCompareMessages = (logId: number, a: string, b: string) =>
  useQuery(compareMessagesQueryOptions(logId, a, b));
