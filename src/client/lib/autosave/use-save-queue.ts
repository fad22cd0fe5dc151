import { useEffect, useRef, useState } from 'react';
import { SaveQueue, type SaveQueueOptions, type SaveStatus } from './save-queue';

export interface UseSaveQueueOptions extends Omit<SaveQueueOptions, 'onStatus' | 'onSaved' | 'onGiveUp'> {
  onGiveUp?(key: string, error: unknown): void;
  /** Ask before the tab closes while a save still waits (the send page, where a lost save loses typed work). */
  warnBeforeUnload?: boolean;
}

/** What the last save that settled did: nothing yet, reached the server, or was given up. */
export type LastSave = 'none' | 'saved' | 'given-up';

/**
 * One SaveQueue for the component's lifetime: waiting saves start at once when the tab is hidden and when the
 * component unmounts (a modal closes), so a change is not lost to a timer that never fires.
 */
export function useSaveQueue({ warnBeforeUnload = false, onGiveUp, onWarning, ...options }: UseSaveQueueOptions = {}) {
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [refusal, setRefusal] = useState<unknown>(undefined);
  const [lastSave, setLastSave] = useState<LastSave>('none');
  const callbacks = useRef({ onGiveUp, onWarning });
  useEffect(() => {
    callbacks.current = { onGiveUp, onWarning };
  });
  const [queue] = useState(
    () =>
      new SaveQueue({
        ...options,
        onStatus: (next, reason) => {
          setStatus(next);
          setRefusal(reason);
        },
        onWarning: () => callbacks.current.onWarning?.(),
        onSaved: () => setLastSave('saved'),
        onGiveUp: (key, error) => {
          setLastSave('given-up');
          callbacks.current.onGiveUp?.(key, error);
        },
      }),
  );

  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (warnBeforeUnload && queue.hasPending) event.preventDefault();
    };
    const saveWhenHidden = () => {
      if (document.visibilityState === 'hidden') void queue.flush();
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('visibilitychange', saveWhenHidden);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('visibilitychange', saveWhenHidden);
      void queue.flush();
    };
  }, [queue, warnBeforeUnload]);

  return { queue, status, refusal, lastSave };
}
