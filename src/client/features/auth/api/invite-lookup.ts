import { inviteLookupShape } from '#shared/contracts/responses';
import { useMutation } from '@tanstack/react-query';
import { request } from '#client/lib/request';

/** Which address an invite link is for (POST: the token never goes into a URL the app requests). */
export const lookupInvite = (invite: string) =>
  request('/api/invites/lookup', inviteLookupShape, { method: 'POST', body: { invite } });

export function useLookupInvite() {
  return useMutation({ mutationFn: lookupInvite });
}
