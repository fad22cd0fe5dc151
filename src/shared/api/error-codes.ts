/**
 * The stable `code` of an error answer, beside its `message` (decision 0081): clients branch on it, never on the
 * message's words. Every status has its default; an operation declares the specific codes a status of its may carry.
 */
export const DEFAULT_ERROR_CODES = {
  400: 'invalid-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  410: 'gone',
  413: 'too-large',
  414: 'uri-too-long',
  415: 'unsupported-media-type',
  422: 'unprocessable',
  429: 'too-many-requests',
  500: 'internal',
  502: 'upstream-refused',
  503: 'unavailable',
  507: 'out-of-space',
} as const;

export type DefaultErrorCode = (typeof DEFAULT_ERROR_CODES)[keyof typeof DEFAULT_ERROR_CODES];

/** The codes that tell cases of one status apart, where a client acts differently on each. */
export type SpecificErrorCode =
  /** 403: the address was removed from the list, or revoked: the client signs out to /access-denied. */
  | 'access-removed'
  /** 400 or 403: the sender must sign in with Google (again) to send through Gmail. */
  | 'requires-google-auth'
  /** 409: 'Use as new' while the send page holds a send in progress: the client asks before replacing it. */
  | 'send-in-progress'
  /** 409s of finalizing a statement. */
  | 'month-not-begun'
  | 'month-not-over'
  | 'already-finalized'
  /** 409s of marking a statement paid. */
  | 'statement-open'
  | 'negative-balance'
  | 'already-paid'
  /** 400s of marking a statement paid. */
  | 'paid-on-in-the-future'
  | 'paid-on-before-month';

export type ErrorCode = DefaultErrorCode | SpecificErrorCode;

/** The code of an error of this status that says nothing more specific. */
export function defaultErrorCode(status: number): DefaultErrorCode {
  const known = (DEFAULT_ERROR_CODES as Record<number, DefaultErrorCode>)[status];
  if (known) return known;
  return status >= 500 ? 'internal' : 'invalid-request';
}
