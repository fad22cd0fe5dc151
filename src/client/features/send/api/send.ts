import type { SendBodyInput } from '#shared/contracts/send';
import { request } from '#client/lib/request';

export interface SendResult {
  id: number;
  mailed: number;
  pending: number;
  failed: number;
  uncertain: number;
}

export const EMAIL_LOGS_QUERY_KEY = ['/api/email-logs'] as const;

/** The idempotency key makes a double click, a retry or a reload of the same send mail nobody twice. */
export const sendConsolidated = (body: SendBodyInput, idempotencyKey: string) =>
  request<SendResult>('/api/send-email-consolidated', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });

export interface ProofResult {
  status: 'sent' | 'uncertain';
  to: string;
  vendorId: string;
  message?: string;
}

export const sendProof = (body: SendBodyInput, vendorId: string) =>
  request<ProofResult>('/api/send-proof', { method: 'POST', body: { ...body, vendorId } });
