import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PatchDraftBody } from '#shared/contracts/drafts';
import { toast } from '#client/components/ui/use-toast';
import { useSaveQueue } from '#client/lib/autosave/use-save-queue';
import { messageOf, RequestError } from '#client/lib/request';
import { draftsQueryOptions, useClearDrafts, useCreateDraft, useDeleteDraft, usePatchDraft } from '../api/drafts';
import { sessionQueryOptions, useClearSession, useSaveSession } from '../api/session';
import {
  INITIAL_SEND_STATE,
  sendReducer,
  type CardChanges,
  type SendAction,
  type SendState,
} from '../state/send-state';

export const SESSION_SAVE_DELAY_MS = 300;
export const CARD_SAVE_DELAY_MS = 500;

const TOO_LARGE = 'This change is too large to save.';

const SESSION_ACTIONS = new Set<SendAction['type']>([
  'select-client',
  'toggle-vendor',
  'set-vendors',
  'set-pricing',
  'set-reminders',
  'add-card',
  'remove-card',
]);

/**
 * The send page's state, loaded from the server and autosaved to it: the session ~300 ms and each card ~500 ms after
 * a change, retried until the server takes it. The state lives in a ref as well so a save always sends the latest.
 */
export function useSendPage() {
  const [state, setState] = useState<SendState>(INITIAL_SEND_STATE);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [isLoaded, setLoaded] = useState(false);
  const stateRef = useRef(state);
  // The mutations' mutateAsync functions keep their identity for the component's lifetime.
  const queryClient = useQueryClient();
  const { mutateAsync: createDraft } = useCreateDraft();
  const { mutateAsync: patchDraft } = usePatchDraft();
  const { mutateAsync: deleteDraft } = useDeleteDraft();
  const { mutateAsync: clearDrafts } = useClearDrafts();
  const { mutateAsync: saveSession } = useSaveSession();
  const { mutateAsync: clearSession } = useClearSession();
  const persisted = useRef(new Set<string>());
  const dirtyFields = useRef(new Map<string, Set<keyof PatchDraftBody>>());
  // Leaving with unsaved changes asks first; hiding the tab saves at once.
  const {
    queue,
    status: saveStatus,
    refusal,
  } = useSaveQueue({
    warnBeforeUnload: true,
    // Too large (413: a file past its limit, or all drafts past the per-user cap) does not pass on a retry: say why.
    isRetryable: (error) => !(error instanceof RequestError && error.status === 413),
    onGiveUp: (_key, error) =>
      toast({ title: 'Not saved', description: messageOf(error, TOO_LARGE), variant: 'destructive' }),
    onWarning: () =>
      toast({
        title: 'Changes not saved yet',
        description:
          'We cannot reach the server. Keep this tab open: your changes are kept here and saved as soon as it answers.',
        variant: 'destructive',
      }),
  });

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const [session, cards] = await Promise.all([
        queryClient.fetchQuery(sessionQueryOptions()),
        queryClient.fetchQuery(draftsQueryOptions()),
      ]);
      persisted.current = new Set(cards.map((card) => card.cardId));
      const next = sendReducer(INITIAL_SEND_STATE, { type: 'loaded', session, cards });
      stateRef.current = next;
      setState(next);
      setLoaded(true);
    } catch {
      setLoadError('Your saved work could not be loaded.');
    }
  }, [queryClient]);

  useEffect(() => {
    void load();
  }, [load]);

  const saveCard = useCallback(
    async (cardId: string) => {
      const card = stateRef.current.cards.find((item) => item.cardId === cardId);
      if (!card) return;
      if (!persisted.current.has(cardId)) {
        dirtyFields.current.delete(cardId);
        await createDraft(card);
        persisted.current.add(cardId);
        return;
      }
      const fields = dirtyFields.current.get(cardId);
      if (!fields || fields.size === 0) return;
      dirtyFields.current.delete(cardId);
      const changes = Object.fromEntries(
        [...fields].map((field) => [field, card[field as keyof typeof card]]),
      ) as PatchDraftBody;
      try {
        await patchDraft({ cardId, changes });
      } catch (error) {
        if (error instanceof RequestError && error.status === 404) {
          // Removed in another tab while still open here: what is on screen wins.
          await createDraft(card);
          return;
        }
        const pending = dirtyFields.current.get(cardId) ?? new Set();
        fields.forEach((field) => pending.add(field));
        dirtyFields.current.set(cardId, pending);
        throw error;
      }
    },
    [createDraft, patchDraft],
  );

  const dispatch = useCallback(
    (action: SendAction) => {
      const next = sendReducer(stateRef.current, action);
      stateRef.current = next;
      setState(next);
      if (SESSION_ACTIONS.has(action.type)) {
        queue.schedule(
          'session',
          async () => void (await saveSession(stateRef.current.session)),
          SESSION_SAVE_DELAY_MS,
        );
      }
      if (action.type === 'add-card') {
        queue.schedule(`card:${action.card.cardId}`, () => saveCard(action.card.cardId), 0);
      } else if (action.type === 'update-card') {
        const fields = dirtyFields.current.get(action.cardId) ?? new Set();
        Object.keys(action.changes).forEach((field) => fields.add(field as keyof PatchDraftBody));
        dirtyFields.current.set(action.cardId, fields);
        queue.schedule(`card:${action.cardId}`, () => saveCard(action.cardId), CARD_SAVE_DELAY_MS);
      } else if (action.type === 'remove-card') {
        const { cardId } = action;
        queue.cancel(`card:${cardId}`);
        dirtyFields.current.delete(cardId);
        if (persisted.current.has(cardId)) {
          queue.schedule(
            `delete:${cardId}`,
            async () => {
              await deleteDraft(cardId);
              persisted.current.delete(cardId);
            },
            0,
          );
        }
      }
    },
    [queue, saveCard, saveSession, deleteDraft],
  );

  const updateCard = useCallback(
    (cardId: string, changes: CardChanges) => dispatch({ type: 'update-card', cardId, changes }),
    [dispatch],
  );

  /** After a successful send: back to the initial view, with nothing left to restore. */
  const resetAll = useCallback(async () => {
    await queue.flush();
    dirtyFields.current.clear();
    persisted.current.clear();
    const next = sendReducer(stateRef.current, { type: 'reset' });
    stateRef.current = next;
    setState(next);
    await Promise.all([clearDrafts(), clearSession()]).catch(() => undefined);
  }, [queue, clearDrafts, clearSession]);

  // Why a change is not saved, shown in the save status until a later save of it goes through.
  const notSavedReason = saveStatus === 'refused' ? messageOf(refusal, TOO_LARGE) : null;

  return {
    state,
    dispatch,
    updateCard,
    isLoaded,
    loadError,
    reload: load,
    saveStatus,
    notSavedReason,
    resetAll,
    flushSaves: () => queue.flush(),
  };
}

export type SendPageController = ReturnType<typeof useSendPage>;
