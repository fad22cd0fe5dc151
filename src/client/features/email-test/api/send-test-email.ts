import { useMutation } from '@tanstack/react-query';
import { request } from '#client/lib/request';

export interface TestEmailBody {
  /** One address, or several separated by commas or semicolons. */
  to: string;
  subject: string;
  text?: string;
  html?: string;
}

export interface TestEmailResult {
  /** 'uncertain': the message left but no answer came back. */
  status: 'sent' | 'uncertain';
  messageId: string;
  message: string;
}

export const sendTestEmail = (body: TestEmailBody) => request<TestEmailResult>('/api/send-email', { method: 'POST', body });

export const useSendTestEmail = () => useMutation({ mutationFn: sendTestEmail });
