import { authResponseShape } from '#shared/contracts/responses';
import { useMutation } from '@tanstack/react-query';
import { request } from '#client/lib/request';
import type { SignInInput } from './login';

export const registerAccount = (input: SignInInput & { invite?: string }) =>
  request('/api/register', authResponseShape, { method: 'POST', body: input });

export function useRegisterAccount() {
  return useMutation({ mutationFn: registerAccount });
}
