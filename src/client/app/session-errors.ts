import { hasErrorCode, RequestError } from '../lib/request';

/**
 * What a failed call means for the session: the address was removed from the list or revoked (403 `access-removed`:
 * sign out to /access-denied), the session is gone (401: sign out), or nothing (any other error is the screen's).
 * Read from the code, never the message (decision 0081).
 */
export function sessionOutcomeOf(error: unknown): 'access-removed' | 'signed-out' | null {
  if (hasErrorCode(error, 'access-removed')) return 'access-removed';
  if (error instanceof RequestError && error.status === 401) return 'signed-out';
  return null;
}
