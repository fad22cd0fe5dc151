import type { Bytes } from '#server/bytes';

/**
 * The one way mail leaves the server (listmonk's messenger idea): the outbox, smtp and gmail transports implement it,
 * and the delivery queue only ever talks to this interface.
 */

/** A message already composed into its exact RFC 822 bytes (the same bytes kept with the log entry as `.eml`). */
export interface OutgoingMessage {
  /**
   * The whole RFC 822 message, headers and body, as it is sent: one Buffer, or its pieces in order (a send's messages
   * as the worker kept them, sharing their attachments' bytes).
   */
  raw: Bytes;
  /** Envelope sender (SMTP MAIL FROM); Gmail always sends as the signed-in account. */
  from: string;
  /** Envelope recipients; To and CC are also in the headers of `raw`. */
  to: string[];
  cc: string[];
  /** The signed-in user the message is sent as (Gmail uses this user's Google connection). */
  senderUserId: number;
  /** A reply's thread at the provider (Gmail threadId of the message it answers), so the sender's mailbox threads it too. */
  threadId?: string;
}

/**
 * - `sent`: accepted; `id` is the provider's id (Gmail message id, SMTP queue id, outbox file name); `threadId` the
 *   provider's thread (Gmail), when it has one.
 * - `uncertain`: the request went out but no answer came (timeout, dropped connection): the mail may or may not have
 *   been sent. Never retry it blindly; a person decides ('Send again').
 */
export type SendOutcome =
  /** `refusedRecipients`: addresses the server refused while it took the message for the others (SMTP). */
  | { status: 'sent'; id: string; refusedRecipients?: string[]; threadId?: string }
  | { status: 'uncertain'; error: string };

export interface MailTransport {
  readonly name: 'outbox' | 'smtp' | 'gmail';
  /**
   * Sends one message. A definite failure throws:
   * - `MailSendError` (`retryable` says whether a later attempt may succeed; `retryAfterMs` when the provider said when);
   * - `AppError` with `extra.requiresGoogleAuth === true` when the sender must sign in with Google again.
   */
  send(message: OutgoingMessage): Promise<SendOutcome>;
  /** Checks that the mail server answers (SMTP: a connection and EHLO), for readiness; throws when it does not. */
  verify?(): Promise<void>;
}

/**
 * A definite failure to send: nothing went out. `isServerAway`: the mail server could not be reached or said it is not
 * available (no connection, 421); the queue then asks it (`verify`) every few seconds and sends the held messages as
 * soon as it answers, instead of waiting out their back-off.
 */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
    readonly isServerAway = false,
  ) {
    super(message);
    this.name = 'MailSendError';
  }
}
