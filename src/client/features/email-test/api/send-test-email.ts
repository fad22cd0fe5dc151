import { testEmailResultShape } from '#shared/contracts/responses';
import { useMutation } from '@tanstack/react-query';
import { request } from '#client/lib/request';

export interface TestEmailBody {
  /** One address, or several separated by commas or semicolons. */
  to: string;
  subject: string;
  text?: string;
  html?: string;
}

export const useSendTestEmail = () =>
  useMutation({
    mutationFn: (body: TestEmailBody) => request('/api/send-email', testEmailResultShape, { method: 'POST', body }),
  });
