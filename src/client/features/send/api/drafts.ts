import { draftCardShape, draftListShape, noContent } from '#shared/contracts/responses';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDraftBody, PatchDraftBody } from '#shared/contracts/drafts';
import { request } from '#client/lib/request';

export const DRAFTS_QUERY_KEY = ['/api/prospecting-drafts'] as const;

const draftPath = (cardId: string) => `/api/prospecting-drafts/${encodeURIComponent(cardId)}`;

/** The user's saved cards. Always asked again when the send page opens: another tab may have changed them. */
export const draftsQueryOptions = () =>
  queryOptions({
    queryKey: DRAFTS_QUERY_KEY,
    queryFn: () => request('/api/prospecting-drafts', draftListShape),
    staleTime: 0,
  });

/** The send page's autosave keeps the cards itself; each change marks the cached list stale for the next load. */
function useDraftsMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: DRAFTS_QUERY_KEY, refetchType: 'none' }),
  });
}

export const useCreateDraft = () =>
  useDraftsMutation((draft: CreateDraftBody) =>
    request('/api/prospecting-drafts', draftCardShape, { method: 'POST', body: draft }),
  );

export const usePatchDraft = () =>
  useDraftsMutation(({ cardId, changes }: { cardId: string; changes: PatchDraftBody }) =>
    request(draftPath(cardId), draftCardShape, { method: 'PATCH', body: changes }),
  );

export const useDeleteDraft = () =>
  useDraftsMutation((cardId: string) => request(draftPath(cardId), noContent, { method: 'DELETE' }));

export const useClearDrafts = () =>
  useDraftsMutation((_: void) => request('/api/prospecting-drafts', noContent, { method: 'DELETE' }));
