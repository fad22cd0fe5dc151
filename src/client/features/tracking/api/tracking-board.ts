import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getTrackingBoard } from '#shared/api/tracking';
import type { TrackingBoardQuery } from '#shared/contracts/tracking';
import { LIVE_REFRESH_MS } from '#client/lib/live-refresh';
import { revalidatingQuery } from '#client/lib/request';

/**
 * The board follows what vendors report while it is open: it asks every few seconds with the ETag of what it holds
 * (304 while nothing changed), not while the tab is hidden, and at once when the tab shows again.
 */
export const trackingBoardQueryOptions = (filters: TrackingBoardQuery) =>
  queryOptions({
    queryKey: ['tracking-board', filters],
    queryFn: revalidatingQuery(getTrackingBoard, { query: filters }),
    refetchInterval: LIVE_REFRESH_MS,
    refetchOnWindowFocus: true,
    placeholderData: keepPreviousData,
  });

export const useTrackingBoard = (filters: TrackingBoardQuery) => useQuery(trackingBoardQueryOptions(filters));
