import { failureToast } from '#client/components/ui/failure-toast';
import { useCreateGoogleConnectTicket } from '../api/google-connect-ticket';

/** 'Connect Google Account': fetch a one-time ticket with the bearer token, then navigate to /auth/google with it. */
export function useConnectGoogle() {
  const { mutateAsync: createTicket } = useCreateGoogleConnectTicket();
  return async () => {
    try {
      const { ticket } = await createTicket();
      window.location.assign(`/auth/google?ticket=${encodeURIComponent(ticket)}`);
    } catch (error) {
      failureToast('Could not connect Google', error);
    }
  };
}
