import type { Shape } from '#shared/contracts/shape';
import { getAuthToken } from '#client/lib/auth-token';
import { parseAnswer, RequestError } from '#client/lib/request';

/**
 * The results calls whose body is a CSV file (or its start) sent as it is, `Content-Type: text/csv`: `request` sends
 * JSON only. Errors and answers read as `request`'s are (RequestError with the server's `{message}`, parseAnswer).
 */

/** '/api/results/…?client=…' with the query's defined values. */
export function resultsPath(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  return `/api/results${path}?${params.toString()}`;
}

const authHeaders = (): Record<string, string> => {
  const token = getAuthToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

/** POSTs a small CSV body (a file's first bytes, a prior donor file) with fetch. */
export async function postCsv<T>(path: string, body: Blob, shape: Shape<T>, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    signal,
    headers: { 'Content-Type': 'text/csv', ...authHeaders() },
    body,
  });
  if (!response.ok) throw new RequestError(response.status, await response.text(), response.statusText);
  return parseAnswer(response, path, shape, 'POST');
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * POSTs a whole file with XMLHttpRequest, the one browser API that reports upload progress. The browser streams the
 * File from disk: nothing of it is read into the page. Aborting the signal aborts the upload.
 */
export function uploadCsv<T>(
  path: string,
  file: Blob,
  shape: Shape<T>,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'text/csv');
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) =>
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new RequestError(xhr.status, xhr.responseText, xhr.statusText));
        return;
      }
      // The answer as a fetch Response, so it is read exactly as `request` reads one.
      resolve(parseAnswer(new Response(xhr.responseText, { status: xhr.status }), path, shape, 'POST'));
    };
    xhr.onerror = () => reject(new TypeError('The upload failed: the server could not be reached.'));
    xhr.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
