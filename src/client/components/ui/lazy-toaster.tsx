import { lazy, Suspense, useEffect } from 'react';
import { useToasts } from './use-toast';

const loadToaster = () => import('./toaster');
const Toaster = lazy(async () => ({ default: (await loadToaster()).Toaster }));
let hasShownToast = false;

/**
 * The toaster, kept out of the first chunk: it is mounted with the first toast (and stays), and its code is fetched
 * once the page is idle so that the first toast does not wait for it.
 */
export function LazyToaster() {
  const toasts = useToasts();
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    // Only a head start: when the server is away at that moment, the first toast asks for the code again.
    idle(() => void loadToaster().catch(() => undefined));
  }, []);
  if (toasts.length > 0) hasShownToast = true;
  if (!hasShownToast) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
