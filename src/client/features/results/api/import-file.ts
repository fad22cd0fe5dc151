import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importResults } from '#shared/api/results';
import type { ResultsMapping } from '#shared/contracts/results';
import { RESULTS_QUERY_KEY } from '#client/api/results-key';
import { uploadCsv, type UploadProgress } from './csv-body';

export interface ImportFileInput {
  client: string;
  file: File;
  /** null for an ActBlue file (its columns map themselves). */
  mapping: ResultsMapping | null;
  onProgress: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Commits an import: the whole file streamed to the server, which answers 201 with the import's counts. */
export function useImportFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ client, file, mapping, onProgress, signal }: ImportFileInput) =>
      uploadCsv(
        importResults,
        { query: { client, mapping: mapping ? JSON.stringify(mapping) : undefined } },
        file,
        onProgress,
        signal,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RESULTS_QUERY_KEY }),
  });
}
