import { logIn } from '#shared/api/session';
import { useMutation } from '@tanstack/react-query';
import { call } from '#client/lib/request';

export interface SignInInput {
  email: string;
  password: string;
}

export const login = (input: SignInInput) => call(logIn, { body: input });

export function useLogin() {
  return useMutation({ mutationFn: login });
}
