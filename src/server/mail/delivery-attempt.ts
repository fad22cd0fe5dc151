import type { DeliveryCounts } from '#shared/contracts/send';
import { AppError, isRequiresGoogleAuth } from '#server/errors';
import { MailSendError, type SendOutcome } from './transport';

/** What decides one attempt's outcome: the rules, apart from the worker's loop. */

/** How an attempt ends, as the delivery's row records it. */
export interface AttemptResult {
  status: 'pending' | 'sent' | 'failed' | 'uncertain';
  lastError: string | null;
  nextAttemptAt?: Date;
  sentAt?: Date;
  providerId?: string;
  providerThreadId?: string;
}

/** A delivery's status in the queue: an attempt's outcome, or 'sending' while a worker holds its claim. */
export type QueueStatus = AttemptResult['status'] | 'sending';

export interface RetryPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
}

/** baseDelayMs * 2^(attempt-1), capped at maxDelayMs, plus up to 20% jitter so retries of one send spread out. */
export function backoffMs(attempt: number, baseDelayMs: number, maxDelayMs: number, random = Math.random): number {
  const exponential = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (1 + 0.2 * random()));
}

/** The counts a send reports; a message being sent or waiting for a retry is 'pending'. */
export function countDeliveries(states: readonly { status: string }[]): DeliveryCounts {
  const counts = { mailed: 0, pending: 0, failed: 0, uncertain: 0 };
  for (const { status } of states) {
    if (status === 'sent') counts.mailed++;
    else if (status === 'failed') counts.failed++;
    else if (status === 'uncertain') counts.uncertain++;
    else counts.pending++;
  }
  return counts;
}

interface Attempted {
  attempts: number;
  maxAttempts: number;
}

/** Back in the queue after a back-off (at least the provider's Retry-After), or failed when it may not be retried. */
export function retryOrFail(
  delivery: Attempted,
  error: string,
  isRetryable: boolean,
  policy: RetryPolicy,
  now: Date,
  retryAfterMs?: number,
): AttemptResult {
  if (!isRetryable || delivery.attempts >= delivery.maxAttempts) return { status: 'failed', lastError: error };
  const delay = Math.max(retryAfterMs ?? 0, backoffMs(delivery.attempts, policy.baseDelayMs, policy.maxDelayMs));
  return { status: 'pending', lastError: error, nextAttemptAt: new Date(now.getTime() + delay) };
}

export function resultOfOutcome(outcome: SendOutcome, now: Date): AttemptResult {
  if (outcome.status === 'uncertain') return { status: 'uncertain', lastError: outcome.error };
  const refused = outcome.refusedRecipients?.length
    ? `Sent, but the mail server refused: ${outcome.refusedRecipients.join(', ')}`
    : null;
  return {
    status: 'sent',
    lastError: refused,
    sentAt: now,
    providerId: outcome.id,
    ...(outcome.threadId ? { providerThreadId: outcome.threadId } : {}),
  };
}

/** A transport's thrown error: `isUnexpected` when the transport did not vouch that nothing went out. */
export function resultOfError(
  error: unknown,
  delivery: Attempted,
  policy: RetryPolicy,
  now: Date,
): { result: AttemptResult; isUnexpected: boolean } {
  if (error instanceof MailSendError) {
    return {
      result: retryOrFail(delivery, error.message, error.retryable, policy, now, error.retryAfterMs),
      isUnexpected: false,
    };
  }
  if (error instanceof AppError) {
    // requiresGoogleAuth and other refusals need a person; a 5xx (Google unreachable) happened before sending.
    const isRetryable = error.statusCode >= 500 && !isRequiresGoogleAuth(error);
    return { result: retryOrFail(delivery, error.message, isRetryable, policy, now), isUnexpected: false };
  }
  // Not a failure the transport vouched for: the message may have left, so a person decides.
  return {
    result: { status: 'uncertain', lastError: `Unexpected error while sending: ${(error as Error).message}` },
    isUnexpected: true,
  };
}
