import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '#shared/contracts/auth';
import { clearAuthToken, getAuthToken, useAuthToken } from '#client/lib/auth-token';
import { getUser as getUserOperation } from '#shared/api/session';
import { call, RequestError } from '#client/lib/request';

export const USER_QUERY_KEY = ['/api/user'] as const;

/** null means signed out (no token, or a 401 that removed it). */
export async function getUser(): Promise<CurrentUser | null> {
  if (!getAuthToken()) throw new Error('No auth token');
  try {
    return await call(getUserOperation);
  } catch (error) {
    if (error instanceof RequestError && error.status === 401) {
      clearAuthToken();
      return null;
    }
    if (error instanceof RequestError && error.status === 403) {
      // The session's own refusal (code access-removed): the providers show access denied.
      clearAuthToken();
      throw error;
    }
    throw new Error('Failed to fetch user');
  }
}

export const userQueryOptions = (hasToken: boolean) =>
  queryOptions({
    queryKey: USER_QUERY_KEY,
    queryFn: getUser,
    enabled: hasToken,
    staleTime: 5 * 60 * 1000,
    gcTime: 10 * 60 * 1000,
    retry: false,
  });

export function useUser() {
  const token = useAuthToken();
  const query = useQuery(userQueryOptions(Boolean(token)));
  const user = token ? (query.data ?? null) : null;
  return {
    user,
    isLoading: Boolean(token) && query.isPending,
    error: query.error,
    isAuthenticated: user !== null,
  };
}
