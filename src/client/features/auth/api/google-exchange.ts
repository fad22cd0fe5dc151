import { exchangeGoogleCode as exchangeOperation } from '#shared/api/session';
import { useMutation } from '@tanstack/react-query';
import { call } from '#client/lib/request';

/** The session token for the one-time code of `/?google_code=` (the server checks this browser's exchange cookie). */
export const exchangeGoogleCode = (code: string) => call(exchangeOperation, { body: { code } });

export function useExchangeGoogleCode() {
  return useMutation({ mutationFn: exchangeGoogleCode });
}
