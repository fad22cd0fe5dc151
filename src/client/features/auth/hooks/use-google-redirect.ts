import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '#client/components/ui/use-toast';
import { setAuthToken } from '#client/lib/auth-token';
import { USER_QUERY_KEY } from '../api/get-user';

/**
 * After Google sign-in the server sends the browser to /?token=...: keep the token, drop it from the address bar.
 * A failed 'Connect Google Account' comes back as /?google_error=... for a user who stays signed in.
 */
export function useGoogleRedirect() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const connectError = params.get('google_error');
    if (connectError) {
      params.delete('google_error');
      const rest = params.toString();
      navigate(location.pathname + (rest ? `?${rest}` : ''), { replace: true });
      toast({ title: 'Google account not connected', description: connectError, variant: 'destructive' });
      return;
    }
    const token = params.get('token');
    if (!token) return;
    params.delete('token');
    const search = params.toString();
    window.history.replaceState(null, '', location.pathname + (search ? `?${search}` : ''));
    setAuthToken(token);
    void queryClient.resetQueries({ queryKey: USER_QUERY_KEY });
    navigate('/', { replace: true });
    toast({ title: 'Logged in with Google successfully' });
  }, [location.pathname, location.search, navigate, queryClient]);
}
