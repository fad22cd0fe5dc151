import { lookUpInvite } from '#shared/api/session';
import { useMutation } from '@tanstack/react-query';
import { call } from '#client/lib/request';

/** Which address an invite link is for (POST: the token never goes into a URL the app requests). */
export const lookupInvite = (invite: string) => call(lookUpInvite, { body: { invite } });

export function useLookupInvite() {
  return useMutation({ mutationFn: lookupInvite });
}
