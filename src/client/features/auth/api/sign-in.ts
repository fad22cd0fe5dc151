import { authResponse, inviteLookupResponse } from '#shared/contracts/auth';
import { noContent } from '#shared/contracts/common';
import { request } from '#client/lib/request';

export interface SignInInput {
  email: string;
  password: string;
}

export const login = (input: SignInInput) => request('/api/login', authResponse, { method: 'POST', body: input });
export const registerAccount = (input: SignInInput & { invite?: string }) => request('/api/register', authResponse, { method: 'POST', body: input });
/** Which address an invite link is for (POST: the token never goes into a URL the app requests). */
export const lookupInvite = (invite: string) => request('/api/invites/lookup', inviteLookupResponse, { method: 'POST', body: { invite } });
export const logout = () => request('/api/logout', noContent, { method: 'POST' });
