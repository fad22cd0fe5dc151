import { noContent, sessionStateShape } from '#shared/contracts/responses';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveSessionBody } from '#shared/contracts/drafts';
import { request } from '#client/lib/request';

export const SESSION_QUERY_KEY = ['/api/prospecting-session'] as const;

/** The user's send page choices. Always asked again when the send page opens: another tab may have changed them. */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: () => request('/api/prospecting-session', sessionStateShape),
    staleTime: 0,
  });

/** The send page's autosave keeps the session itself; each change marks the cached copy stale for the next load. */
function useSessionMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY, refetchType: 'none' }),
  });
}

export const useSaveSession = () =>
  useSessionMutation((state: SaveSessionBody) =>
    request('/api/prospecting-session', sessionStateShape, { method: 'POST', body: state }),
  );

export const useClearSession = () =>
  useSessionMutation((_: void) => request('/api/prospecting-session', noContent, { method: 'DELETE' }));
