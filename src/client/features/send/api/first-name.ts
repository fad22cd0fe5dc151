import { getFirstName } from '#shared/api/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#client/lib/request';

export const FIRST_NAME_QUERY_KEY = ['/api/user/first-name'] as const;

/** The signed-in user's first name, for the preview's sign-off. */
export const firstNameQueryOptions = () =>
  queryOptions({ queryKey: FIRST_NAME_QUERY_KEY, queryFn: () => call(getFirstName) });

export const useFirstName = () => useQuery(firstNameQueryOptions());
