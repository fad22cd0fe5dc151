import { useSyncExternalStore } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** An error stays longer: it says what went wrong, and the page may be busy (a large file) while it is shown. */
export const ERROR_TOAST_DURATION_MS = 20_000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export interface ToastData {
  id: number;
  title?: string;
  description?: string;
  variant?: 'default' | 'destructive';
  open: boolean;
}

type Listener = () => void;
let toasts: ToastData[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: ToastData[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

export function dismissToast(id: number) {
  emit(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
  if (!removalTimers.has(id)) {
    removalTimers.set(
      id,
      setTimeout(() => {
        removalTimers.delete(id);
        emit(toasts.filter((item) => item.id !== id));
      }, TOAST_REMOVE_DELAY_MS),
    );
  }
}

/** Shows a toast; only the newest TOAST_LIMIT are kept. */
export function toast(data: Omit<ToastData, 'id' | 'open'>) {
  const id = nextId++;
  emit([{ ...data, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export function useToasts(): ToastData[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
}
