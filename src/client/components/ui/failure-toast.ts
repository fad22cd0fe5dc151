import { messageOf } from '#client/lib/request';
import { toast } from './use-toast';

/** The toast for a request that failed: what failed, and why as the server said it (else `fallback`). */
export function failureToast(title: string, error: unknown, fallback = 'Please try again.') {
  toast({ title, description: messageOf(error, fallback), variant: 'destructive' });
}
