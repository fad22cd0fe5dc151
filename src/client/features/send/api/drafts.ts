import { clearDrafts, createDraft, deleteDraft, listDrafts, patchDraft } from '#shared/api/drafts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDraftBody, PatchDraftBody } from '#shared/contracts/drafts';
import { call } from '#client/lib/request';

export const DRAFTS_QUERY_KEY = ['/api/prospecting-drafts'] as const;

/** The user's saved cards. Always asked again when the send page opens: another tab may have changed them. */
export const draftsQueryOptions = () =>
  queryOptions({
    queryKey: DRAFTS_QUERY_KEY,
    queryFn: () => call(listDrafts),
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

export const useCreateDraft = () => useDraftsMutation((draft: CreateDraftBody) => call(createDraft, { body: draft }));

export const usePatchDraft = () =>
  useDraftsMutation(({ cardId, changes }: { cardId: string; changes: PatchDraftBody }) =>
    call(patchDraft, { params: { cardId }, body: changes }),
  );

export const useDeleteDraft = () => useDraftsMutation((cardId: string) => call(deleteDraft, { params: { cardId } }));

export const useClearDrafts = () => useDraftsMutation((_: void) => call(clearDrafts));
