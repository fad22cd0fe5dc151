import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { trackingBoardShape } from '#shared/contracts/responses';
import type { TrackingBoardQuery } from '#shared/contracts/tracking';
import { request } from '#client/lib/request';

// The board follows what vendors report while it is open.
const REFRESH_MS = 10_000;

export const trackingBoardQueryOptions = (filters: TrackingBoardQuery) =>
  queryOptions({
    queryKey: ['tracking-board', filters],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => !!entry[1]));
      return request(`/api/tracking${params.size > 0 ? `?${params}` : ''}`, trackingBoardShape, { signal });
    },
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export const useTrackingBoard = (filters: TrackingBoardQuery) => useQuery(trackingBoardQueryOptions(filters));
