import { connectTicketShape } from '#shared/contracts/responses';
import { useMutation } from '@tanstack/react-query';
import { request } from '#client/lib/request';

/** A one-time ticket (2 minutes) that tells /auth/google who is connecting, so the bearer token never goes in a URL. */
export const createGoogleConnectTicket = () =>
  request('/api/auth/google/connect-ticket', connectTicketShape, { method: 'POST' });

export function useCreateGoogleConnectTicket() {
  return useMutation({ mutationFn: createGoogleConnectTicket });
}
