import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearAuthToken } from '#client/lib/auth-token';
import { logout } from '../api/sign-in';

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    // Revoke on the server first; sign out locally even if that call fails.
    await logout().catch(() => undefined);
    clearAuthToken();
    queryClient.clear();
    navigate('/auth', { replace: true });
  };
}
