import { authResponseShape } from '#shared/contracts/responses';
import { useMutation } from '@tanstack/react-query';
import { request } from '#client/lib/request';

/** The session token for the one-time code of `/?google_code=` (the server checks this browser's exchange cookie). */
export const exchangeGoogleCode = (code: string) =>
  request('/api/auth/google/exchange', authResponseShape, { method: 'POST', body: { code } });

export function useExchangeGoogleCode() {
  return useMutation({ mutationFn: exchangeGoogleCode });
}
