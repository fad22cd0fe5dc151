import { sendTestEmail } from '#shared/api/email-test';
import { useMutation } from '@tanstack/react-query';
import { call } from '#client/lib/request';

export interface TestEmailBody {
  /** One address, or several separated by commas or semicolons. */
  to: string;
  subject: string;
  text?: string;
  html?: string;
}

export const useSendTestEmail = () =>
  useMutation({
    mutationFn: (body: TestEmailBody) => call(sendTestEmail, { body }),
  });
