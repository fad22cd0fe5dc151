import { register } from '#shared/api/session';
import { useMutation } from '@tanstack/react-query';
import { call } from '#client/lib/request';
import type { SignInInput } from './login';

export const registerAccount = (input: SignInInput & { invite?: string }) => call(register, { body: input });

export function useRegisterAccount() {
  return useMutation({ mutationFn: registerAccount });
}
