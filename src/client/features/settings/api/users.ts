import { authorizeEmail, listUsers, removeAuthorizedEmail, renewInvite, setPermissions } from '#shared/api/users';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '#client/lib/request';

export const USERS_QUERY_KEY = ['/api/users'] as const;

export const usersQueryOptions = () => queryOptions({ queryKey: USERS_QUERY_KEY, queryFn: () => call(listUsers) });

export const useUsers = (enabled: boolean) => useQuery({ ...usersQueryOptions(), enabled });

function useUsersMutation<TInput, TResult = unknown>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}

export const useAddUser = () => useUsersMutation((email: string) => call(authorizeEmail, { body: { email } }));

/** 'New link': a new invite for a pending user; the old link stops working. */
export const useNewInviteLink = () =>
  useUsersMutation((authorizedEmailId: number) => call(renewInvite, { params: { id: authorizedEmailId } }));

export const useRemoveUser = () =>
  useUsersMutation((authorizedEmailId: number) => call(removeAuthorizedEmail, { params: { id: authorizedEmailId } }));

export const useUpdatePermissions = () =>
  useUsersMutation(({ userId, isAdmin }: { userId: number | null; isAdmin: boolean }) => {
    if (userId === null) return Promise.reject(new Error('Cannot update permissions for unregistered users'));
    return call(setPermissions, { params: { userId }, body: { isAdmin } });
  });
