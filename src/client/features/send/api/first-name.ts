import { firstNameShape } from '#shared/contracts/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '#client/lib/request';

export const FIRST_NAME_QUERY_KEY = ['/api/user/first-name'] as const;

/** The signed-in user's first name, for the preview's sign-off. */
export const firstNameQueryOptions = () =>
  queryOptions({ queryKey: FIRST_NAME_QUERY_KEY, queryFn: () => request('/api/user/first-name', firstNameShape) });

export const useFirstName = () => useQuery(firstNameQueryOptions());
