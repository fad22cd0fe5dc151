import { createGoogleConnectTicket as connectTicketOperation } from '#shared/api/session';
import { useMutation } from '@tanstack/react-query';
import { call } from '#client/lib/request';

/** A one-time ticket (2 minutes) that tells /auth/google who is connecting, so the bearer token never goes in a URL. */
export const createGoogleConnectTicket = () => call(connectTicketOperation);

export function useCreateGoogleConnectTicket() {
  return useMutation({ mutationFn: createGoogleConnectTicket });
}
