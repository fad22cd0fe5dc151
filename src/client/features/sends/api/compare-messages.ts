import { queryOptions, useQuery } from '@tanstack/react-query';
import { compareMessages } from '#shared/api/sends';
import { call } from '#client/lib/request';

/** What differs between two vendors' stored messages of a send. */
export const compareMessagesQueryOptions = (sendId: number, a: string, b: string) =>
  queryOptions({
    queryKey: ['compare-messages', sendId, a, b],
    queryFn: ({ signal }) => call(compareMessages, { params: { id: sendId }, query: { a, b }, signal }),
    enabled: a !== '' && b !== '' && a !== b,
  });

export const useCompareMessages = (sendId: number, a: string, b: string) =>
  useQuery(compareMessagesQueryOptions(sendId, a, b));
