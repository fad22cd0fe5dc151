import { logOut } from '#shared/api/session';
import { useMutation } from '@tanstack/react-query';
import { call } from '#client/lib/request';

export const logout = () => call(logOut);

export function useLogoutRequest() {
  return useMutation({ mutationFn: logout });
}
