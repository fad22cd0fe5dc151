/** An error a service throws on purpose; the error handler turns it into `{ message }` with its status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Response headers that go with the answer (Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new AppError(400, message, extra);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, message);
export const forbidden = (message = 'Access denied') => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
/** 429 with Retry-After in seconds, so that clients (and proxies) know when to come back. */
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new AppError(
    429,
    message,
    {},
    retryAfterSeconds === undefined ? {} : { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );

/**
 * 503 with Retry-After: a part the server needs (the database, the file store) is away for now. Nothing about the
 * request was wrong: the same request later should succeed.
 */
export const serviceUnavailable = (message: string, retryAfterSeconds = 5) =>
  new AppError(503, message, {}, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/**
 * The sender's Google connection is missing or refused (Gmail sending): 403, not 401, since the session is fine (a 401
 * would sign the user out). The Google module and the gmail transport throw it; the client offers 'Sign in with Google'.
 */
export const requiresGoogleAuth = (message: string) => new AppError(403, message, { requiresGoogleAuth: true });

export function isRequiresGoogleAuth(error: unknown): error is AppError {
  return error instanceof AppError && error.extra.requiresGoogleAuth === true;
}
