import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { cn } from '#client/lib/cn';
import {
  dismissToast,
  ERROR_TOAST_DURATION_MS,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  useToasts,
} from './use-toast';

export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={item.variant === 'destructive' ? ERROR_TOAST_DURATION_MS : undefined}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          data-testid="toast"
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-[var(--radius-card)] border p-4 shadow-lg transition-all duration-150 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0',
            item.variant === 'destructive'
              ? 'border-red-200 bg-red-50 text-red-900'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            {item.title ? (
              <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            ) : null}
            {item.description ? (
              <ToastPrimitive.Description className="text-[13px] opacity-90">
                {item.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close aria-label="Dismiss notification" className="rounded p-1 opacity-70 hover:opacity-100">
            <X aria-hidden className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="pointer-events-none fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
