import { authResponseShape } from '#shared/contracts/responses';
import { useMutation } from '@tanstack/react-query';
import { request } from '#client/lib/request';

export interface SignInInput {
  email: string;
  password: string;
}

export const login = (input: SignInInput) => request('/api/login', authResponseShape, { method: 'POST', body: input });

export function useLogin() {
  return useMutation({ mutationFn: login });
}
