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
 * The exact RFC 822 bytes of a message, built by nodemailer's MIME composer (headers encoded, lines folded, CRLF).
 * These bytes are what every transport sends and what the Deployment Log offers as `.eml`.
 */
export function buildRawMessage(parts: MessageParts): Promise<Buffer> {
  const composer = new MailComposer({
    from: parts.from.name ? { name: parts.from.name, address: parts.from.address } : parts.from.address,
    to: [...parts.to],
    cc: parts.cc?.length ? [...parts.cc] : undefined,
    replyTo: parts.replyTo?.length ? [...parts.replyTo] : undefined,
    subject: parts.subject,
    html: parts.html,
    text: parts.text,
    attachments: parts.attachments?.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.content,
    })),
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
