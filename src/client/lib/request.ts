import type { QueryFunctionContext } from '@tanstack/react-query';
import { readShape, type Shape } from '#shared/contracts/shape';
import { getAuthToken } from './auth-token';

/** A non-success response: message is 'STATUS: body' (or the status text when the body is empty). */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }

  /** The server's `{message}` when the body carries one. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }
}

/**
 * A success response that does not match the shared contract: the server and the client disagree, and the screen must
 * not go on with fields that are not there. Names the call and each mismatch ('0.name: expected string').
 */
export class ResponseContractError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly problems: string[],
  ) {
    super(`${method} ${path} answered outside its contract: ${problems.join('; ')}`);
    this.name = 'ResponseContractError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function requestRaw(path: string, { method = 'GET', body, headers = {}, signal }: RequestOptions = {}) {
  const token = getAuthToken();
  const response = await fetch(path, {
    method,
    credentials: 'include',
    signal,
    headers: {
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  // 304 answers only a request that named what it holds (If-None-Match): the caller keeps that.
  if (!response.ok && response.status !== 304) {
    throw new RequestError(response.status, await response.text(), response.statusText);
  }
  return response;
}

/**
 * Calls the API and reads its answer with the shape of the shared contract's response (#shared/contracts/responses):
 * what the caller gets is what the contract promises, or a ResponseContractError. An empty body (204) is read as
 * undefined (`noContent`).
 */
export async function request<T>(path: string, shape: Shape<T>, options: RequestOptions = {}): Promise<T> {
  return parseAnswer(await requestRaw(path, options), path, shape, options.method ?? 'GET');
}

/** A success response's body read with its contract (also for the calls `request` cannot make: a raw CSV body). */
export async function parseAnswer<T>(response: Response, path: string, shape: Shape<T>, method: string): Promise<T> {
  const text = response.status === 204 ? '' : await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ResponseContractError(method, path, ['the body is not JSON']);
  }
  const parsed = readShape(shape, body);
  if (!parsed.success) {
    const problems = parsed.problems.map(
      (problem) => `${problem.path.length > 0 ? problem.path.join('.') : '(body)'}: ${problem.message}`,
    );
    throw new ResponseContractError(method, path, problems);
  }
  return parsed.data;
}

/** The ETag of the last answer to each path whose data the query cache holds. */
const etags = new Map<string, string>();

/**
 * A query function for a GET whose answers carry an ETag: while the query cache holds the data of the last answer, the
 * request names its tag (If-None-Match), and a 304 keeps that data as it is (nothing parsed, nothing re-rendered).
 */
export function revalidatingQuery<T>(path: string, shape: Shape<T>) {
  return async ({ client, queryKey, signal }: QueryFunctionContext): Promise<T> => {
    const held = client.getQueryData<T>(queryKey);
    const etag = held === undefined ? undefined : etags.get(path);
    const response = await requestRaw(path, { signal, headers: etag ? { 'If-None-Match': etag } : {} });
    if (response.status === 304 && held !== undefined) return held;
    const data = await parseAnswer(response, path, shape, 'GET');
    const answered = response.headers.get('ETag');
    if (answered) etags.set(path, answered);
    else etags.delete(path);
    return data;
  };
}

/** What to show the user for a failed call: the server's message, else the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof RequestError) return error.serverMessage ?? fallback;
  return fallback;
}
