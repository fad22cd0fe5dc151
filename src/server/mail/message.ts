import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';

export interface MessageAttachment {
  filename: string;
  contentType: string;
  content: Buffer | string;
}

export interface MessageParts {
  from: { name?: string; address: string };
  to: readonly string[];
  cc?: readonly string[];
  replyTo?: readonly string[];
  subject: string;
  html?: string;
  text?: string;
  attachments?: readonly MessageAttachment[];
  messageId: string;
  date: Date;
  headers?: Record<string, string>;
}

/** Our own Message-ID on the public host ('<uuid@dispatch.example.com>'), or on dispatch.local for localhost and IPs. */
export function newMessageId(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  const isPlainHost = host.includes('.') && !/^[\d.]+$/.test(host) && !host.includes(':');
  return `<${randomUUID()}@${isPlainHost ? host : 'dispatch.local'}>`;
}

/**
 * An attachment named in both headers by RFC 2231 parameters (`name*0*=utf-8''cr%C3%A9a.html`). Given a `filename`,
 * nodemailer writes `name="=?UTF-8?Q?...?="` into Content-Type: an encoded word inside a quoted string, which RFC 2047
 * forbids and strict parsers flag. Given the names as plain parameters instead, it encodes both by RFC 2231.
 */
function attachmentOptions(attachment: MessageAttachment) {
  return {
    filename: false as const,
    contentType: `${attachment.contentType}; name=${quoted(attachment.filename)}`,
    contentDisposition: `attachment; filename=${quoted(attachment.filename)}`,
    content: attachment.content,
  };
}

/**
 * A display name is one line of text: a control character in it (a Google profile's name can hold any) would reach
 * the From header, encoded or not, where strict parsers refuse it.
 */
function displayName(name: string | undefined): string {
  return (name ?? '').replace(/[\x00-\x1f\x7f]+/g, ' ').trim();
}

/** A MIME quoted string: backslash and double quote escaped as quoted pairs. */
function quoted(text: string): string {
  return `"${text.replace(/[\\"]/g, '\\$&')}"`;
}

/**
 * The exact RFC 822 bytes of a message, built by nodemailer's MIME composer (headers encoded, lines folded, CRLF).
 * These bytes are what every transport sends and what the Deployment Log offers as `.eml`.
 */
export function buildRawMessage(parts: MessageParts): Promise<Buffer> {
  const fromName = displayName(parts.from.name);
  const composer = new MailComposer({
    from: fromName ? { name: fromName, address: parts.from.address } : parts.from.address,
    to: [...parts.to],
    cc: parts.cc?.length ? [...parts.cc] : undefined,
    replyTo: parts.replyTo?.length ? [...parts.replyTo] : undefined,
    subject: parts.subject,
    html: parts.html,
    text: parts.text,
    attachments: parts.attachments?.map(attachmentOptions),
    messageId: parts.messageId,
    date: parts.date,
    headers: parts.headers,
    newline: 'win',
    // Content is only ever what we pass in: never a path or a URL to read.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return composer.compile().build();
}
