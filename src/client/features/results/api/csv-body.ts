import type { ApiOperation, ResultOf } from '#shared/api/operation';
import { getAuthToken } from '#client/lib/auth-token';
import { parseAnswer, RequestError, urlOf, type CallOptions } from '#client/lib/request';

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * Calls an operation whose body is a whole file (a rawBody operation) with XMLHttpRequest, the one browser API that
 * reports upload progress (fetch does not); `call` does the rest. The URL comes from the declaration and the answer is
 * read with its schemas, as `call` reads one. The browser streams the File from disk: nothing of it is read into the
 * page. Aborting the signal aborts the upload.
 */
export function uploadCsv<O extends ApiOperation & { rawBody: string }>(
  operation: O,
  options: CallOptions<O>,
  file: Blob,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<ResultOf<O>> {
  const url = urlOf(operation, options);
  return new Promise<ResultOf<O>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(operation.method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', operation.rawBody);
    const token = getAuthToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) =>
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new RequestError(xhr.status, xhr.responseText, xhr.statusText));
        return;
      }
      // The answer as a fetch Response, so it is read exactly as `call` reads one.
      resolve(parseAnswer(operation, new Response(xhr.responseText, { status: xhr.status }), url));
    };
    xhr.onerror = () => reject(new TypeError('The upload failed: the server could not be reached.'));
    xhr.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
