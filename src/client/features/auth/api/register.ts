import { useMutation } from '@tanstack/react-query';
import { authResponse } from '#shared/contracts/auth';
import { request } from '#client/lib/request';
import type { SignInInput } from './login';

export const registerAccount = (input: SignInInput & { invite?: string }) => request('/api/register', authResponse, { method: 'POST', body: input });

export function useRegisterAccount() {
  return useMutation({ mutationFn: registerAccount });
}
