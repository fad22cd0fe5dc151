import type { QueryFunctionContext } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  pathOf,
  type ApiOperation,
  type BodyInputOf,
  type Declared,
  type PathParamsOf,
  type QueryInputOf,
  type ResultOf,
} from '#shared/api/operation';
import type { ErrorCode } from '#shared/api/error-codes';
import { getAuthToken } from './auth-token';

/** The body's `message` and `code` when it is the JSON of an error answer. */
function errorFieldsOf(body: string): { message?: string; code?: string } {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; code?: unknown };
    return {
      ...(typeof parsed.message === 'string' ? { message: parsed.message } : {}),
      ...(typeof parsed.code === 'string' ? { code: parsed.code } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * A non-success response: message is 'STATUS: body' (or the status text when the body is empty). Branch on `code`
 * (decision 0081), never on the words of the message: those are for people and may change.
 */
export class RequestError extends Error {
  /** The server's `{message}` when the body carries one: to show, never to compare. */
  readonly serverMessage: string | undefined;
  /** The server's stable `code` ('access-removed', 'month-not-over', or the status's default 'conflict'…). */
  readonly code: ErrorCode | undefined;

  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    const fields = errorFieldsOf(body);
    this.serverMessage = fields.message;
    this.code = fields.code as ErrorCode | undefined;
  }
}

/** Whether a call failed with this code. */
export const hasErrorCode = (error: unknown, code: ErrorCode): error is RequestError =>
  error instanceof RequestError && error.code === code;

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
  /** Sent as JSON, or as it is with its media type (a file to an operation declared with a rawBody). */
  body?: unknown;
  rawBody?: { content: Blob; mediaType: string };
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function requestRaw(
  path: string,
  { method = 'GET', body, rawBody, headers = {}, signal }: RequestOptions = {},
) {
  const token = getAuthToken();
  const contentType = rawBody ? rawBody.mediaType : body !== undefined ? 'application/json' : undefined;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    signal,
    headers: {
      ...(contentType ? { 'Content-Type': contentType } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: rawBody ? rawBody.content : body !== undefined ? JSON.stringify(body) : undefined,
  });
  // 304 answers only a request that named what it holds (If-None-Match): the caller keeps that.
  if (!response.ok && response.status !== 304) {
    throw new RequestError(response.status, await response.text(), response.statusText);
  }
  return response;
}

type ParamsOption<O extends ApiOperation> =
  O['params'] extends Declared<z.ZodMiniObject> ? { params: PathParamsOf<O> } : { params?: never };

/** What a call sends: the path parameters its declaration names, its query and its body, and extra headers. */
export type CallOptions<O extends ApiOperation> = ParamsOption<O> & {
  query?: QueryInputOf<O>;
  /** JSON as the declaration's body schema reads it, or the file itself for an operation with a rawBody. */
  body?: O['rawBody'] extends string ? Blob : BodyInputOf<O>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Where the API is: the page's own origin when absent (tests name a server of their own). */
  origin?: string;
};

type OptionalWhenEmpty<O extends ApiOperation> =
  O['params'] extends Declared<z.ZodMiniObject> ? [options: CallOptions<O>] : [options?: CallOptions<O>];

/** The URL of a call: the operation's path with its parameters filled in, and the query's values that are set. */
export function urlOf<O extends ApiOperation>(operation: O, options: CallOptions<O>): string {
  const path = (pathOf as (operation: O, params?: unknown) => string)(operation, options.params);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((options.query ?? {}) as Record<string, unknown>)) {
    const text = typeof value === 'string' ? value.trim() : value;
    if (text !== undefined && text !== null && text !== '') query.set(name, String(text));
  }
  return `${options.origin ?? ''}${path}${query.size > 0 ? `?${query}` : ''}`;
}

/**
 * Calls an operation of the API as its shared declaration says (method, path, query, body) and reads its answer with
 * the declared response schema of the status it got: what the caller gets is what the declaration promises, or a
 * ResponseContractError. An answer declared without a body (204) must be empty and reads as undefined.
 */
export async function call<O extends ApiOperation>(
  operation: O,
  ...[options = {} as CallOptions<O>]: OptionalWhenEmpty<O>
): Promise<ResultOf<O>> {
  const url = urlOf(operation, options);
  const { body, headers, signal } = options;
  const response = await requestRaw(url, {
    method: operation.method,
    ...(operation.rawBody ? { rawBody: { content: body as Blob, mediaType: operation.rawBody } } : { body }),
    headers,
    signal,
  });
  return parseAnswer(operation, response, url);
}

/** The declared answer of a successful status; an undeclared one is itself outside the contract. */
function specOf(operation: ApiOperation, status: number, url: string) {
  const spec = operation.responses[status];
  if (!spec) throw new ResponseContractError(operation.method, url, [`status ${status} is not declared`]);
  return spec;
}

const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (current, key) => (current == null ? undefined : (current as Record<PropertyKey, unknown>)[key]),
    value,
  );
}

/**
 * A mismatch in words. The browser loads no locale of zod's (its messages weigh more than the schemas): a wrong type
 * is spelled out here as zod's English would ('Invalid input: expected string, received undefined').
 */
function problemOf(issue: z.core.$ZodIssue, body: unknown): string {
  const where = issue.path.length > 0 ? issue.path.join('.') : '(body)';
  const what =
    issue.code === 'invalid_type'
      ? `Invalid input: expected ${issue.expected}, received ${kindOf(valueAt(body, issue.path))}`
      : issue.message;
  return `${where}: ${what}`;
}

/**
 * A response read as `call` reads it: the declared schema of its status, or a ResponseContractError (also for an answer
 * `call` cannot fetch itself: an XMLHttpRequest upload's, wrapped in a Response).
 */
export async function parseAnswer<O extends ApiOperation>(
  operation: O,
  response: Response,
  url: string,
): Promise<ResultOf<O>> {
  const spec = specOf(operation, response.status, url);
  const text = response.status === 204 ? '' : await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ResponseContractError(operation.method, url, ['the body is not JSON']);
  }
  if (!spec.schema) {
    if (body === undefined) return undefined as ResultOf<O>;
    const problem = `(body): Invalid input: expected undefined, received ${kindOf(body)}`;
    throw new ResponseContractError(operation.method, url, [problem]);
  }
  const parsed = z.safeParse(spec.schema, body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => problemOf(issue, body));
    throw new ResponseContractError(operation.method, url, problems);
  }
  return parsed.data as ResultOf<O>;
}

/** The ETag of the last answer to each URL whose data the query cache holds. */
const etags = new Map<string, string>();

/**
 * A query function for a GET whose answers carry an ETag: while the query cache holds the data of the last answer, the
 * request names its tag (If-None-Match), and a 304 keeps that data as it is (nothing parsed, nothing re-rendered).
 */
export function revalidatingQuery<O extends ApiOperation>(operation: O, ...[options]: OptionalWhenEmpty<O>) {
  const url = urlOf(operation, options ?? ({} as CallOptions<O>));
  return async ({ client, queryKey, signal }: QueryFunctionContext): Promise<ResultOf<O>> => {
    const held = client.getQueryData<ResultOf<O>>(queryKey);
    const etag = held === undefined ? undefined : etags.get(url);
    const headers = { ...options?.headers, ...(etag ? { 'If-None-Match': etag } : {}) };
    const response = await requestRaw(url, { signal, headers });
    if (response.status === 304 && held !== undefined) return held;
    const data = await parseAnswer(operation, response, url);
    const answered = response.headers.get('ETag');
    if (answered) etags.set(url, answered);
    else etags.delete(url);
    return data;
  };
}

/** What to show the user for a failed call: the server's message, else the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof RequestError) return error.serverMessage ?? fallback;
  return fallback;
}
