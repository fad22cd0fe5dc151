import { getSession, resetSession, saveSession } from '#shared/api/drafts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveSessionBody } from '#shared/contracts/drafts';
import { call } from '#client/lib/request';

export const SESSION_QUERY_KEY = ['/api/prospecting-session'] as const;

/** The user's send page choices. Always asked again when the send page opens: another tab may have changed them. */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: () => call(getSession),
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

export const useSaveSession = () => useSessionMutation((state: SaveSessionBody) => call(saveSession, { body: state }));

export const useClearSession = () => useSessionMutation((_: void) => call(resetSession));
