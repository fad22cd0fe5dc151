import { authResponse } from '#shared/contracts/auth';
import { noContent } from '#shared/contracts/common';
import { request } from '#client/lib/request';

export interface SignInInput {
  email: string;
  password: string;
}

export const login = (input: SignInInput) => request('/api/login', authResponse, { method: 'POST', body: input });
export const registerAccount = (input: SignInInput) => request('/api/register', authResponse, { method: 'POST', body: input });
export const logout = () => request('/api/logout', noContent, { method: 'POST' });
