import { useMutation } from '@tanstack/react-query';
import { authResponse } from '#shared/contracts/auth';
import { request } from '#client/lib/request';

export interface SignInInput {
  email: string;
  password: string;
}

export const login = (input: SignInInput) => request('/api/login', authResponse, { method: 'POST', body: input });

export function useLogin() {
  return useMutation({ mutationFn: login });
}
