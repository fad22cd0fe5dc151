import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { previewResults } from '#shared/api/results';
import type { ResultsMapping } from '#shared/contracts/results';
import { RESULTS_QUERY_KEY } from '#client/api/results-key';
import { call } from '#client/lib/request';

/** The browser sends at most this much of the file's start; the server reads at most twice that (the API says so). */
export const PREVIEW_BYTES = 256 * 1024;

/**
 * The preview of a chosen file: its first 256 KB (`file.slice`, nothing more is read) as mapped, with each row's status
 * and the counts. Nothing is stored. `file.key` names the chosen file in the cache (a File is no key).
 */
export function useResultsPreview(
  client: string,
  file: { key: number; blob: Blob } | null,
  mapping: ResultsMapping | null,
  isEnabled = true,
) {
  const mappingJson = mapping ? JSON.stringify(mapping) : undefined;
  return useQuery({
    queryKey: [...RESULTS_QUERY_KEY, client, 'preview', file?.key ?? 0, mappingJson ?? null],
    queryFn: ({ signal }) =>
      call(previewResults, {
        query: { client, mapping: mappingJson },
        body: file!.blob.slice(0, PREVIEW_BYTES),
        signal,
      }),
    enabled: file !== null && isEnabled,
    // A new mapping keeps the last preview on screen until its own arrives.
    placeholderData: keepPreviousData,
  });
}
