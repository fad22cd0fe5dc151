import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { approvalEmailListShape, approvalEmailShape, noContent } from '#shared/contracts/responses';
import { request, revalidatingQuery } from '#client/lib/request';

export const APPROVAL_EMAILS_QUERY_KEY = ['/api/approval-emails'] as const;

export const approvalEmailsQueryOptions = () =>
  queryOptions({
    queryKey: APPROVAL_EMAILS_QUERY_KEY,
    queryFn: revalidatingQuery('/api/approval-emails', approvalEmailListShape),
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
  useApprovalEmailsMutation((email: string) =>
    request('/api/approval-emails', approvalEmailShape, { method: 'POST', body: { email } }),
  );

export const useDeleteApprovalEmail = () =>
  useApprovalEmailsMutation((id: number) => request(`/api/approval-emails/${id}`, noContent, { method: 'DELETE' }));
