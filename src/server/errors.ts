import { defaultErrorCode, type ErrorCode } from '#shared/api/error-codes';

export interface AppErrorOptions {
  /** A code that tells this case apart (declared by the operation); the status's default when absent. */
  code?: ErrorCode;
  /** More fields of the answer (the field a 400 names). */
  extra?: Record<string, unknown>;
  /** Response headers that go with the answer (Retry-After). */
  headers?: Record<string, string>;
}

/** An error a service throws on purpose; the error handler turns it into `{ message, code }` with its status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    readonly statusCode: number,
    message: string,
    { code, extra = {}, headers = {} }: AppErrorOptions = {},
  ) {
    super(message);
    this.code = code ?? defaultErrorCode(statusCode);
    this.extra = extra;
    this.headers = headers;
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>, code?: ErrorCode) =>
  new AppError(400, message, { extra, code });
export const unauthorized = (message = 'Unauthorized') => new AppError(401, message);
export const forbidden = (message = 'Access denied', code?: ErrorCode) => new AppError(403, message, { code });
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, code?: ErrorCode) => new AppError(409, message, { code });

const retryAfter = (seconds: number) => ({ 'Retry-After': String(Math.max(1, Math.ceil(seconds))) });

/** 429 with Retry-After in seconds, so that clients (and proxies) know when to come back. */
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new AppError(429, message, { headers: retryAfterSeconds === undefined ? {} : retryAfter(retryAfterSeconds) });

/**
 * 503 with Retry-After: a part the server needs (the database, the file store) is away for now. Nothing about the
 * request was wrong: the same request later should succeed.
 */
export const serviceUnavailable = (message: string, retryAfterSeconds = 5) =>
  new AppError(503, message, { headers: retryAfter(retryAfterSeconds) });

/**
 * The sender's Google connection is missing or refused (Gmail sending): 403, not 401, since the session is fine (a 401
 * would sign the user out). The Google module and the gmail transport throw it; the client offers 'Sign in with Google'.
 * The answer keeps `requiresGoogleAuth: true` beside the code, as SPEC.md names it.
 */
export const requiresGoogleAuth = (message: string, status = 403) =>
  new AppError(status, message, { code: 'requires-google-auth', extra: { requiresGoogleAuth: true } });

export function isRequiresGoogleAuth(error: unknown): error is AppError {
  return error instanceof AppError && error.code === 'requires-google-auth';
}
