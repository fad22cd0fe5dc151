import type { output, ZodType } from 'zod';
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
  if (!response.ok) {
    throw new RequestError(response.status, await response.text(), response.statusText);
  }
  return response;
}

/**
 * Calls the API and parses its answer with the shared contract's response schema: what the caller gets is what the
 * contract promises, or a ResponseContractError. An empty body (204) is parsed as undefined (`noContent`).
 */
export async function request<Schema extends ZodType>(path: string, schema: Schema, options: RequestOptions = {}): Promise<output<Schema>> {
  const response = await requestRaw(path, options);
  const method = options.method ?? 'GET';
  const text = response.status === 204 ? '' : await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ResponseContractError(method, path, ['the body is not JSON']);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(body)'}: ${issue.message}`);
    throw new ResponseContractError(method, path, problems);
  }
  return parsed.data;
}

/** What to show the user for a failed call: the server's message, else the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof RequestError) return error.serverMessage ?? fallback;
  return fallback;
}
