import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { toast } from '#client/components/ui/use-toast';
import { messageOf, RequestError } from '#client/lib/request';
import { invalidateVendorData } from '#client/api/vendors';

const GONE_FALLBACK = 'This vendor no longer exists. It may have been deleted by someone else.';

/**
 * Returns a check for failed saves: a 404 means someone else deleted the vendor meanwhile, so the server's message is
 * shown, `onGone` runs (the modal closes) and the lists are refreshed. Answers whether the error was handled.
 */
export function useVendorGone(onGone: () => void) {
  const queryClient = useQueryClient();
  const onGoneRef = useRef(onGone);
  useEffect(() => {
    onGoneRef.current = onGone;
  });
  return useCallback(
    (error: unknown): boolean => {
      if (!(error instanceof RequestError) || error.status !== 404) return false;
      toast({ title: messageOf(error, GONE_FALLBACK), variant: 'destructive' });
      onGoneRef.current();
      void invalidateVendorData(queryClient);
      return true;
    },
    [queryClient],
  );
}
