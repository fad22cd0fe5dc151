import type { AuthResponse } from '#shared/contracts/auth';
import { request } from '#client/lib/request';

export interface SignInInput {
  email: string;
  password: string;
}

export const login = (input: SignInInput) => request<AuthResponse>('/api/login', { method: 'POST', body: input });
export const registerAccount = (input: SignInInput) => request<AuthResponse>('/api/register', { method: 'POST', body: input });
export const logout = () => request<void>('/api/logout', { method: 'POST' });
