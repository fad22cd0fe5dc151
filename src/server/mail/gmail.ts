import http from 'node:http';
import https from 'node:https';
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { joined } from '#server/bytes';
import { AppError, isRequiresGoogleAuth, requiresGoogleAuth } from '#server/errors';
import { MailSendError, type MailTransport, type OutgoingMessage, type SendOutcome } from './transport';

/** What the media upload form of users.messages.send accepts (the JSON `{raw}` form fails at a few MB). */
export const GMAIL_MAX_MESSAGE_BYTES = 35 * 1024 * 1024;

/** Where the transport gets a sender's access token; the Google module's access tokens are one. */
export interface GmailAccessTokens {
  /** Throws `requiresGoogleAuth` when the user has no usable Google connection, AppError 5xx when Google is unreachable. */
  getGoogleAccessToken(userId: number, options?: { forceRefresh?: boolean }): Promise<string>;
}

export interface GmailOptions {
  /** GMAIL_API_URL: https://gmail.googleapis.com, or a fake in tests. */
  apiUrl: string;
  accessTokens: GmailAccessTokens;
  /** Injected so tests need not wait out back-offs. */
  sleep?: (ms: number) => Promise<void>;
  /** Attempts for one message, counting the first (429, 5xx and connections refused before sending are retried). */
  maxAttempts?: number;
  /** How long one attempt may take from connecting to the end of Gmail's answer. */
  timeoutMs?: number;
  /** A longer wait (Retry-After or back-off) is left to the caller's queue: MailSendError with retryAfterMs. */
  maxRetryDelayMs?: number;
  /** First back-off; doubled each attempt, with jitter. */
  baseDelayMs?: number;
  random?: () => number;
  now?: () => number;
}

type Attempt =
  | { kind: 'answer'; status: number; retryAfter: string | undefined; body: string }
  /** Failed before Gmail had the whole message: safe to try again. */
  | { kind: 'not-sent'; error: string }
  /** Gmail had the whole message but no answer came: it may have been sent. */
  | { kind: 'uncertain'; error: string };

/** What one request uploads: the message alone, or (for a reply) with its thread as metadata. */
interface Upload {
  url: URL;
  contentType: string;
  body: Buffer;
}

/**
 * The upload of users.messages.send: the media form (the message alone), or, for a reply that should join a thread of
 * the sender's mailbox, the multipart form whose first part is the Message resource's `threadId`. Recipients thread by
 * the In-Reply-To and References headers; Gmail threads the sender's own copy only by threadId.
 */
export function gmailUpload(apiUrl: string, raw: Buffer, threadId?: string): Upload {
  const base = apiUrl.replace(/\/+$/, '') + '/';
  if (!threadId) {
    return {
      url: new URL('/upload/gmail/v1/users/me/messages/send?uploadType=media', base),
      contentType: 'message/rfc822',
      body: raw,
    };
  }
  const boundary = `dispatch-${randomBytes(16).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify({ threadId })}\r\n--${boundary}\r\nContent-Type: message/rfc822\r\n\r\n`,
    ),
    raw,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    url: new URL('/upload/gmail/v1/users/me/messages/send?uploadType=multipart', base),
    contentType: `multipart/related; boundary=${boundary}`,
    body,
  };
}

/** One POST of the message; tells apart failures before the body was handed over from those after. */
function postOnce(upload: Upload, accessToken: string, timeoutMs: number): Promise<Attempt> {
  const { url, body: raw } = upload;
  return new Promise((resolve) => {
    let isBodySent = false;
    let isSettled = false;
    const settle = (attempt: Attempt) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      resolve(attempt);
    };
    const failure = (error: string): Attempt =>
      isBodySent ? { kind: 'uncertain', error } : { kind: 'not-sent', error };
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        // A fresh connection each time: a kept-alive socket that Gmail closed meanwhile would fail after 'finish'
        // and pass for an uncertain send.
        agent: false,
        headers: {
          Authorization: `Bearer ${accessToken}`,
          'Content-Type': upload.contentType,
          'Content-Length': raw.length,
          Accept: 'application/json',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const retryAfter = response.headers['retry-after'];
          settle({
            kind: 'answer',
            status: response.statusCode ?? 0,
            retryAfter,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
        response.on('error', (error) => settle(failure(`the answer was cut off: ${error.message}`)));
        response.on('aborted', () => settle(failure('the answer was cut off')));
      },
    );
    // 'finish': the whole body was written to a connected socket, so Gmail may act on it from here on.
    request.on('finish', () => {
      isBodySent = true;
    });
    request.on('error', (error) => settle(failure(error.message)));
    const timer = setTimeout(() => {
      const message = `no answer from Gmail within ${timeoutMs / 1000} s`;
      settle(failure(message));
      request.destroy(new Error(message));
    }, timeoutMs);
    request.end(raw);
  });
}

/** Retry-After as milliseconds: seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

interface GmailErrorBody {
  error?: { message?: string; status?: string; errors?: { reason?: string }[] };
}

function gmailError(body: string): { message: string; reasons: string[] } {
  try {
    const parsed = JSON.parse(body) as GmailErrorBody;
    const reasons = (parsed.error?.errors ?? []).map((error) => error.reason ?? '').concat(parsed.error?.status ?? '');
    return { message: parsed.error?.message ?? body.slice(0, 200), reasons };
  } catch {
    return { message: body.slice(0, 200), reasons: [] };
  }
}

/** A valid access token, with the token service's failures turned into this transport's. */
async function accessTokenFor(tokens: GmailAccessTokens, userId: number, forceRefresh: boolean) {
  try {
    return await tokens.getGoogleAccessToken(userId, { forceRefresh });
  } catch (error) {
    if (isRequiresGoogleAuth(error)) throw error;
    if (error instanceof AppError) throw new MailSendError(error.message, error.statusCode >= 503);
    throw new MailSendError(`Could not get a Google access token: ${(error as Error).message}`, true);
  }
}

/**
 * Sends the exact RFC 822 bytes as the user, through the media upload form of users.messages.send, and returns Gmail's
 * message id. 429, 5xx (and Gmail's 403 rate limits) are retried honouring Retry-After with bounded, jittered back-off;
 * a 401 refreshes the access token once. A timeout or dropped connection after the message was handed over is
 * 'uncertain' and never retried here: Gmail has no idempotency key.
 */
export async function sendGmailMessage(
  options: GmailOptions,
  senderUserId: number,
  raw: Buffer,
  threadId?: string,
): Promise<SendOutcome> {
  const {
    apiUrl,
    accessTokens,
    sleep = (ms) => delay(ms),
    maxAttempts = 5,
    timeoutMs = 120_000,
    maxRetryDelayMs = 60_000,
    baseDelayMs = 1000,
    random = Math.random,
    now = Date.now,
  } = options;
  if (raw.length > GMAIL_MAX_MESSAGE_BYTES) {
    const megabytes = (raw.length / 1024 / 1024).toFixed(1);
    throw new MailSendError(`The message is ${megabytes} MB; Gmail accepts at most 35 MB.`, false);
  }
  const upload = gmailUpload(apiUrl, raw, threadId);
  const backOff = (attempt: number) => Math.round(baseDelayMs * 2 ** (attempt - 1) * (0.75 + random() / 2));

  let hasRefreshed = false;
  let lastError = '';
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const accessToken = await accessTokenFor(accessTokens, senderUserId, hasRefreshed);
    const result = await postOnce(upload, accessToken, timeoutMs);
    if (result.kind === 'uncertain') return { status: 'uncertain', error: result.error };

    let wait: number;
    if (result.kind === 'not-sent') {
      lastError = `Gmail could not be reached: ${result.error}`;
      wait = backOff(attempt);
    } else if (result.status >= 200 && result.status < 300) {
      let id = '';
      let sentThreadId: string | undefined;
      try {
        const answer = JSON.parse(result.body) as { id?: unknown; threadId?: unknown };
        id = String(answer.id ?? '');
        if (typeof answer.threadId === 'string' && answer.threadId !== '') sentThreadId = answer.threadId;
      } catch {
        // Sent all the same; only the id is unknown.
      }
      return { status: 'sent', id, ...(sentThreadId ? { threadId: sentThreadId } : {}) };
    } else {
      const { message, reasons } = gmailError(result.body);
      const isRateLimited =
        result.status === 429 || (result.status === 403 && reasons.some((reason) => /rateLimitExceeded/i.test(reason)));
      if (result.status === 401) {
        if (hasRefreshed)
          throw requiresGoogleAuth('Gmail refused your Google access. Please sign in with Google again.');
        hasRefreshed = true;
        continue;
      }
      if (
        result.status === 403 &&
        reasons.some((reason) => /insufficientPermissions|SCOPE_INSUFFICIENT|PERMISSION_DENIED/i.test(reason))
      ) {
        throw requiresGoogleAuth(
          'Dispatch may not send through your Gmail. Please sign in with Google again and allow sending email.',
        );
      }
      if (!isRateLimited && result.status < 500) {
        throw new MailSendError(`Gmail refused the message (${result.status}): ${message}`, false);
      }
      lastError = `Gmail answered ${result.status}: ${message}`;
      wait = parseRetryAfter(result.retryAfter, now()) ?? backOff(attempt);
    }
    if (attempt === maxAttempts || wait > maxRetryDelayMs) {
      throw new MailSendError(lastError, true, wait);
    }
    await sleep(wait);
  }
  throw new MailSendError(lastError || 'Gmail refused the access token.', true);
}

/** The `gmail` transport: sends as `message.senderUserId` through that user's Google connection. */
export function createGmailTransport(options: GmailOptions): MailTransport {
  return {
    name: 'gmail',
    send: (message: OutgoingMessage) =>
      sendGmailMessage(options, message.senderUserId, joined(message.raw), message.threadId),
  };
}
