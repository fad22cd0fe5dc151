import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SendEntry } from '#shared/contracts/sends';
import { getSend } from '#shared/api/sends';
import { SENDS_QUERY_KEY } from '#client/api/sends-key';
import { LIVE_REFRESH_MS } from '#client/lib/live-refresh';
import { revalidatingQuery } from '#client/lib/request';

/**
 * One send's entry as it is now, for its open Deployment Details: shown from the log at once, then asked for every few
 * seconds with the ETag of what is held (304 while nothing changed; not while the tab is hidden). What arrives is also
 * written into the log's lists, so the entry behind the dialog shows the same.
 */
export function useLiveSendEntry(listed: SendEntry): SendEntry {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...SENDS_QUERY_KEY, 'entry', listed.id],
    queryFn: revalidatingQuery(getSend, { params: { id: listed.id } }),
    placeholderData: listed,
    refetchOnMount: 'always',
    refetchInterval: LIVE_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const fresh = query.isPlaceholderData ? undefined : query.data;
  useEffect(() => {
    if (!fresh) return;
    queryClient.setQueriesData<SendEntry[]>(
      { queryKey: SENDS_QUERY_KEY, predicate: (cached) => Array.isArray(cached.state.data) },
      (list) => list?.map((entry) => (entry.id === fresh.id ? fresh : entry)),
    );
  }, [fresh, queryClient]);
  return fresh ?? listed;
}
