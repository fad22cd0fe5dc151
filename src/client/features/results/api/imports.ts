import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { noContent } from '#shared/contracts/responses';
import { resultsImportList } from '#shared/contracts/responses/results';
import { contractShape } from '#client/api/contract-shape';
import { RESULTS_QUERY_KEY } from '#client/api/results-key';
import { request } from '#client/lib/request';
import { resultsPath } from './csv-body';

const importsShape = contractShape(resultsImportList);

/** The client's imports, newest first. */
export const useResultsImports = (client: string) =>
  useQuery({
    queryKey: [...RESULTS_QUERY_KEY, client, 'imports'],
    queryFn: ({ signal }) => request(resultsPath('/imports', { client }), importsShape, { signal }),
  });

/** Admins: removes an import's contributions and their figures. */
export function useDeleteImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: number) => request(`/api/results/imports/${importId}`, noContent, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RESULTS_QUERY_KEY }),
  });
}
