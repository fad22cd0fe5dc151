import {
  authorizedEmailShape,
  inviteShape,
  noContent,
  permissionsResultShape,
  userListShape,
} from '#shared/contracts/responses';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '#client/lib/request';

export const USERS_QUERY_KEY = ['/api/users'] as const;

export const usersQueryOptions = () =>
  queryOptions({ queryKey: USERS_QUERY_KEY, queryFn: () => request('/api/users', userListShape) });

export const useUsers = (enabled: boolean) => useQuery({ ...usersQueryOptions(), enabled });

function useUsersMutation<TInput, TResult = unknown>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}

export const useAddUser = () =>
  useUsersMutation((email: string) =>
    request('/api/authorized-emails', authorizedEmailShape, { method: 'POST', body: { email } }),
  );

/** 'New link': a new invite for a pending user; the old link stops working. */
export const useNewInviteLink = () =>
  useUsersMutation((authorizedEmailId: number) =>
    request(`/api/authorized-emails/${authorizedEmailId}/invite`, inviteShape, { method: 'POST' }),
  );

export const useRemoveUser = () =>
  useUsersMutation((authorizedEmailId: number) =>
    request(`/api/authorized-emails/${authorizedEmailId}`, noContent, { method: 'DELETE' }),
  );

export const useUpdatePermissions = () =>
  useUsersMutation(({ userId, isAdmin }: { userId: number | null; isAdmin: boolean }) => {
    if (userId === null) return Promise.reject(new Error('Cannot update permissions for unregistered users'));
    return request(`/api/users/${userId}/permissions`, permissionsResultShape, { method: 'PATCH', body: { isAdmin } });
  });
