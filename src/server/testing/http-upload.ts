import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface HttpUploadResult {
  /** The answer's status code, or null when none came. */
  status: number | null;
  /** The answer's body as text ('' when none came). */
  body: string;
  /** The client's error (ECONNRESET, EPIPE...) when it came before the whole answer, else null. */
  error: string | null;
}

const CHUNK = 64 * 1024;

/** A JSON body of `size` bytes, made in 64 KB chunks as it is sent (one chunk in memory, whatever the size). */
function* jsonBody(size: number): Generator<Buffer> {
  const prefix = Buffer.from('{"html":"');
  const suffix = Buffer.from('"}');
  const filler = Buffer.alloc(CHUNK, 'a');
  yield prefix;
  const fillerSize = size - prefix.length - suffix.length;
  for (let sent = 0; sent < fillerSize; sent += CHUNK) yield filler.subarray(0, Math.min(CHUNK, fillerSize - sent));
  yield suffix;
}

/**
 * Uploads a large JSON body with Node's own HTTP client, as a script or an integration would: the body streams from a
 * generator while the answer may already be coming. Settles once the whole answer is read, or on the client's error.
 */
export function httpUpload(options: {
  port: number;
  method: string;
  path: string;
  size: number;
  headers?: Record<string, string>;
}): Promise<HttpUploadResult> {
  const { port, method, path, size, headers = {} } = options;
  return new Promise((resolve) => {
    let isSettled = false;
    const settle = (result: HttpUploadResult) => {
      if (isSettled) return;
      isSettled = true;
      resolve(result);
    };
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      method,
      path,
      headers: { 'content-type': 'application/json', 'content-length': String(size), ...headers },
    });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => settle({ status: response.statusCode ?? null, body, error: null }));
      response.on('error', (error) =>
        settle({
          status: response.statusCode ?? null,
          body,
          error: (error as NodeJS.ErrnoException).code ?? error.message,
        }),
      );
    });
    request.on('error', (error) =>
      settle({ status: null, body: '', error: (error as NodeJS.ErrnoException).code ?? error.message }),
    );
    // The body stops where the connection ends; that ending is reported through the request's 'error' above.
    pipeline(Readable.from(jsonBody(size)), request).catch(() => {});
  });
}
