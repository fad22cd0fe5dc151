import { noContent } from '#shared/contracts/responses';
import { useMutation } from '@tanstack/react-query';
import { request } from '#client/lib/request';

export const logout = () => request('/api/logout', noContent, { method: 'POST' });

export function useLogoutRequest() {
  return useMutation({ mutationFn: logout });
}
