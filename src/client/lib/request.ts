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
  if (!response.ok) {
    throw new RequestError(response.status, await response.text(), response.statusText);
  }
  return response;
}

export async function request<T>(path: string, options?: RequestOptions): Promise<T> {
  const response = await requestRaw(path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A query function that returns null on 401 instead of throwing (SPEC's optional mode). */
export async function requestOrNullOn401<T>(path: string): Promise<T | null> {
  try {
    return await request<T>(path);
  } catch (error) {
    if (error instanceof RequestError && error.status === 401) return null;
    throw error;
  }
}

/** What to show the user for a failed call: the server's message, else the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof RequestError) return error.serverMessage ?? fallback;
  return fallback;
}
