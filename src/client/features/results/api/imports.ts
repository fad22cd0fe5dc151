import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteResultsImport, listResultsImports } from '#shared/api/results';
import { RESULTS_QUERY_KEY } from '#client/api/results-key';
import { call } from '#client/lib/request';

/** The client's imports, newest first. */
export const useResultsImports = (client: string) =>
  useQuery({
    queryKey: [...RESULTS_QUERY_KEY, client, 'imports'],
    queryFn: ({ signal }) => call(listResultsImports, { query: { client }, signal }),
  });

/** Admins: removes an import's contributions and their figures. */
export function useDeleteImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: number) => call(deleteResultsImport, { params: { importId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RESULTS_QUERY_KEY }),
  });
}
