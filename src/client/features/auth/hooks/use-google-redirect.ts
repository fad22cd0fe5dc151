import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { failureToast } from '#client/components/ui/failure-toast';
import { toast } from '#client/components/ui/use-toast';
import { getAuthToken, setAuthToken } from '#client/lib/auth-token';
import { useExchangeGoogleCode } from '../api/google-exchange';
import { USER_QUERY_KEY, userQueryOptions } from '../api/get-user';

/** The parameters a Google round trip (or an old or forged link) may leave in the address. */
const REDIRECT_PARAMETERS = ['google_code', 'google_connected', 'google_error', 'token'];

/** Codes already taken from the address: an effect that runs twice (StrictMode) must not spend one twice. */
const handledCodes = new Set<string>();

/**
 * Where a Google round trip comes back to the app; every parameter below leaves the address bar at once.
 * - `?google_code=`: a sign-in. The one-time code is exchanged for the session. A browser already signed in keeps its
 *   session: the code is not used (it expires unused in under a minute) and a message says so.
 * - `?google_connected=1`: 'Connect Google Account' succeeded for the signed-in user, who keeps their session.
 * - `?google_error=`: a failed connect, for a user who stays signed in.
 * - `?token=`: never accepted (the server does not issue it; a link carrying someone's session must not sign this
 *   browser into it); only removed.
 */
export function useGoogleRedirect() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutateAsync: exchange } = useExchangeGoogleCode();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!REDIRECT_PARAMETERS.some((name) => params.has(name))) return;
    const code = params.get('google_code');
    const isConnected = params.get('google_connected') === '1';
    const connectError = params.get('google_error');
    for (const name of REDIRECT_PARAMETERS) params.delete(name);
    const rest = params.toString();
    navigate(location.pathname + (rest ? `?${rest}` : ''), { replace: true });

    if (connectError) {
      toast({ title: 'Google account not connected', description: connectError, variant: 'destructive' });
    } else if (isConnected) {
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      toast({ title: 'Logged in with Google successfully' });
    } else if (code && !handledCodes.has(code)) {
      handledCodes.add(code);
      void signInWithCode(queryClient, code, exchange);
    }
  }, [location.pathname, location.search, navigate, queryClient, exchange]);
}

async function signInWithCode(
  queryClient: QueryClient,
  code: string,
  exchange: (code: string) => Promise<{ token: string }>,
) {
  // Signed in means a session the server still accepts; a stale stored token is cleared by the check.
  const current = getAuthToken() ? await queryClient.fetchQuery(userQueryOptions(true)).catch(() => null) : null;
  if (current) {
    toast({
      title: `You are still signed in as ${current.email}`,
      description: 'To use another Google account, sign out first and then sign in with Google.',
    });
    return;
  }
  try {
    const { token } = await exchange(code);
    setAuthToken(token);
    await queryClient.resetQueries({ queryKey: USER_QUERY_KEY });
    toast({ title: 'Logged in with Google successfully' });
  } catch (error) {
    failureToast('Google sign-in failed', error, 'Please sign in with Google again.');
  }
}
