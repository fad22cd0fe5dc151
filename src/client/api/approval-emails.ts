import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addApprovalEmail, listApprovalEmails, removeApprovalEmail } from '#shared/api/approval-emails';
import { call, revalidatingQuery } from '#client/lib/request';

export const APPROVAL_EMAILS_QUERY_KEY = ['/api/approval-emails'] as const;

export const approvalEmailsQueryOptions = () =>
  queryOptions({
    queryKey: APPROVAL_EMAILS_QUERY_KEY,
    queryFn: revalidatingQuery(listApprovalEmails),
  });

export const useApprovalEmails = () => useQuery(approvalEmailsQueryOptions());

function useApprovalEmailsMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPROVAL_EMAILS_QUERY_KEY }),
  });
}

export const useAddApprovalEmail = () =>
  useApprovalEmailsMutation((email: string) => call(addApprovalEmail, { body: { email } }));

export const useDeleteApprovalEmail = () =>
  useApprovalEmailsMutation((id: number) => call(removeApprovalEmail, { params: { id } }));
