import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import { piecesOf } from '#server/bytes';
import { MailSendError, type MailTransport, type SendOutcome } from './transport';

export interface SmtpOptions {
  /** Keep up to this many connections open and reuse them (nodemailer's pool). */
  maxConnections?: number;
  connectionTimeoutMs?: number;
  greetingTimeoutMs?: number;
  /** How long to wait for any answer once connected, including the answer to the end of the message. */
  socketTimeoutMs?: number;
  /** Extra nodemailer options (tests: `{ ignoreTLS: true }` for a local server without STARTTLS). */
  extra?: Record<string, unknown>;
}

interface SmtpError extends Error {
  code?: string;
  /** The SMTP step that failed; 'CONN' for any connection-level failure, at whatever stage it happened. */
  command?: string;
  /** The system error under nodemailer's own code (ECONNREFUSED under ESOCKET). */
  originalCode?: string;
  responseCode?: number;
  response?: string;
}

/** Failures to open a connection: nothing of any message went out on it. */
const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

function isConnectFailure(error: SmtpError): boolean {
  return (
    error.code === 'EDNS' ||
    (error.command === 'CONN' && error.originalCode !== undefined && CONNECT_FAILURES.has(error.originalCode))
  );
}

/**
 * Sends the raw message over SMTP_URL with nodemailer (`envelope` + `raw`: the bytes go out exactly as built).
 * A reply code decides a failure: 4xx may succeed later, 5xx will not. Without a reply, what matters is whether the
 * message itself had started to go out: before that nothing was sent (retry); after it, the server may have
 * accepted the mail before the line dropped, so the outcome is 'uncertain'.
 */
export function createSmtpTransport(url: string, options: SmtpOptions = {}): MailTransport & { close(): void } {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: options.maxConnections ?? 5,
    connectionTimeout: options.connectionTimeoutMs ?? 30_000,
    greetingTimeout: options.greetingTimeoutMs ?? 30_000,
    socketTimeout: options.socketTimeoutMs ?? 120_000,
    ...options.extra,
  });

  return {
    name: 'smtp',
    async send(message): Promise<SendOutcome> {
      let hasStarted = false;
      // Handed over only after the server accepted MAIL FROM, RCPT TO and DATA: its first read marks the point of no return.
      const body = new Readable({
        read() {
          hasStarted = true;
          // The pieces as they are, none copied: nodemailer's dot-stuffing carries a line across chunks.
          for (const piece of piecesOf(message.raw)) this.push(piece);
          this.push(null);
        },
      });
      try {
        const info = await transporter.sendMail({
          envelope: { from: message.from, to: [...message.to, ...message.cc] },
          raw: body,
        });
        const serverId = /queued as ([\w.-]+)/i.exec(String(info.response ?? ''))?.[1];
        // Taken for some recipients and refused for others: sent (sending again would double the others' copies).
        const refused = (info.rejected ?? []).map(String);
        return {
          status: 'sent',
          id: serverId ?? String(info.response ?? 'sent'),
          ...(refused.length ? { refusedRecipients: refused } : {}),
        };
      } catch (error) {
        const smtpError = error as SmtpError;
        const reply = smtpError.response ? `: ${smtpError.response}` : '';
        if (smtpError.responseCode && smtpError.responseCode >= 400) {
          const isTemporary = smtpError.responseCode < 500;
          // 421: the server is closing the channel (going down, overloaded): it is away, not refusing this message.
          throw new MailSendError(
            `The mail server refused the message (${smtpError.responseCode})${reply}`,
            isTemporary,
            undefined,
            smtpError.responseCode === 421,
          );
        }
        // The pool reads the message before it has a connection, and hands it to another one when the first was
        // dropped before a byte of it was sent: a connection that could not even be opened means the message never
        // left. Any other connection failure ('CONN' too, e.g. a line dropped after the data) may follow a delivery.
        if (hasStarted && !isConnectFailure(smtpError)) {
          return {
            status: 'uncertain',
            error: `The connection to the mail server failed after the message was sent (${smtpError.code ?? 'error'}): ${smtpError.message}`,
          };
        }
        throw new MailSendError(
          `Could not reach the mail server (${smtpError.code ?? 'error'}): ${smtpError.message}`,
          true,
          undefined,
          true,
        );
      }
    },
    async verify() {
      // A connection of its own (not one of the pool's), greeted with EHLO, then closed.
      await transporter.verify();
    },
    close() {
      transporter.close();
    },
  };
}
