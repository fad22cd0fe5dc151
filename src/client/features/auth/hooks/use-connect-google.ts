import { toast } from '#client/components/ui/use-toast';
import { messageOf } from '#client/lib/request';
import { useCreateGoogleConnectTicket } from '../api/google-connect-ticket';

/** 'Connect Google Account': fetch a one-time ticket with the bearer token, then navigate to /auth/google with it. */
export function useConnectGoogle() {
  const { mutateAsync: createTicket } = useCreateGoogleConnectTicket();
  return async () => {
    try {
      const { ticket } = await createTicket();
      window.location.assign(`/auth/google?ticket=${encodeURIComponent(ticket)}`);
    } catch (error) {
      toast({
        title: 'Could not connect Google',
        description: messageOf(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };
}
