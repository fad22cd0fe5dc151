import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearAuthToken } from '#client/lib/auth-token';
import { useLogoutRequest } from '../api/logout';

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { mutateAsync: revoke } = useLogoutRequest();
  return async () => {
    // Revoke on the server first; sign out locally even if that call fails.
    await revoke().catch(() => undefined);
    clearAuthToken();
    queryClient.clear();
    navigate('/auth', { replace: true });
  };
}
