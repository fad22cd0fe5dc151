import { useCallback, useEffect, useRef, useState } from 'react';

/** 'saved' once the latest value has reached the server, 'failed' when it did not. */
export type AutosaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

interface AutosaveOptions {
  /** How long to wait after the last change; 0 saves at once. */
  delayMs: number;
  onError?: (error: unknown) => void;
}

/**
 * Saves the latest value `delayMs` after the last change. Saves run one at a time, so they reach the server in the
 * order they were made (the last write wins), and a value still waiting when the component unmounts (the modal
 * closes) is sent at once rather than lost.
 */
export function useAutosave<T>(save: (value: T) => Promise<unknown>, { delayMs, onError }: AutosaveOptions) {
  const saveRef = useRef(save);
  const onErrorRef = useRef(onError);
  useEffect(() => {
    saveRef.current = save;
    onErrorRef.current = onError;
  });
  const state = useRef<{ pending: { value: T } | null; timer: ReturnType<typeof setTimeout> | undefined; isInFlight: boolean }>({
    pending: null,
    timer: undefined,
    isInFlight: false,
  });
  const [status, setStatus] = useState<AutosaveStatus>('idle');

  const flush = useCallback(function flush() {
    const current = state.current;
    clearTimeout(current.timer);
    current.timer = undefined;
    if (current.isInFlight || !current.pending) return;
    const { value } = current.pending;
    current.pending = null;
    current.isInFlight = true;
    void saveRef
      .current(value)
      .then(
        () => true,
        (error: unknown) => {
          onErrorRef.current?.(error);
          return false;
        },
      )
      .then((isSaved) => {
        current.isInFlight = false;
        // A value that came in while this save was in flight: send it now unless its delay is still running.
        if (current.pending && current.timer === undefined) flush();
        else if (!current.pending) setStatus(isSaved ? 'saved' : 'failed');
      });
  }, []);

  const schedule = useCallback(
    (value: T) => {
      const current = state.current;
      current.pending = { value };
      setStatus('saving');
      clearTimeout(current.timer);
      current.timer = undefined;
      if (delayMs <= 0) flush();
      else current.timer = setTimeout(flush, delayMs);
    },
    [delayMs, flush],
  );

  useEffect(() => flush, [flush]);

  return { schedule, flush, status };
}
