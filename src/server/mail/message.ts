import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { Encoder } from 'nodemailer/lib/base64';
import MailComposer from 'nodemailer/lib/mail-composer';
import { buildHeaderParam } from 'nodemailer/lib/mime-funcs';

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
  /** A reply's thread: the Message-ID it answers, and the thread's Message-IDs oldest first. */
  inReplyTo?: string;
  references?: readonly string[];
  headers?: Record<string, string>;
}

/** Our own Message-ID on the public host ('<uuid@dispatch.example.com>'), or on dispatch.local for localhost and IPs. */
export function newMessageId(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  const isPlainHost = host.includes('.') && !/^[\d.]+$/.test(host) && !host.includes(':');
  return `<${randomUUID()}@${isPlainHost ? host : 'dispatch.local'}>`;
}

/**
 * An attachment named in both headers by RFC 2231 parameters (`name*0*=utf-8''cr%C3%A9a.html`), every plain section
 * quoted. Given a `filename`, nodemailer writes `name="=?UTF-8?Q?...?="` into Content-Type (an encoded word inside a
 * quoted string, which RFC 2047 forbids) and leaves a plain name such as `a*b` unquoted (a token to RFC 2045, not to
 * RFC 2231 parsers): strict parsers flag both. So both headers are written here and handed over as prepared.
 */
function attachmentOptions(attachment: MessageAttachment) {
  // nodemailer takes a header value as `{ prepared, value }` (its documented custom-header form) here too.
  const prepared = (value: string) => ({ prepared: true, value }) as unknown as string;
  return {
    filename: false as const,
    contentType: prepared(`${attachment.contentType};${nameParameter('name', attachment.filename)}`),
    contentDisposition: prepared(`attachment;${nameParameter('filename', attachment.filename)}`),
    content: attachment.content,
  };
}

/**
 * `key` as RFC 2231 sections of at most 50 characters, each on a line of its own: encoded ones (`key*0*=utf-8''...`)
 * as they are, plain ones quoted.
 */
function nameParameter(key: string, value: string): string {
  return buildHeaderParam(key, value, 50)
    .map((section) => `\r\n ${section.key}=${section.key.endsWith('*') ? section.value : quoted(section.value)}`)
    .join(';');
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
    inReplyTo: parts.inReplyTo,
    references: parts.references ? [...parts.references] : undefined,
    headers: parts.headers,
    newline: 'win',
    // Content is only ever what we pass in: never a path or a URL to read.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return composer.compile().build();
}

/** An attachment's body as the composer writes it (base64 in 76-character CRLF lines), made once. */
interface EncodedBody {
  /** Stands in for the content while a message is composed: random, so its encoding occurs nowhere else. */
  marker: Buffer;
  encodedMarker: Buffer;
  encoded: Buffer;
}

/** The composer's own base64 encoder, so the bytes are the ones it would have written in the message. */
const encodeBase64 = (content: Buffer) => buffer(Readable.from([content]).pipe(new Encoder()));

/**
 * Builds many messages that carry the same attachments (one send to every vendor): each attachment is encoded once,
 * and every message holds that one encoding as a piece of its bytes, instead of encoding it again or copying it for
 * every vendor. The bytes, the pieces one after the other, are exactly those of buildRawMessage: every message is
 * composed with a short random stand-in for each attachment's content, whose encoding is then replaced by the
 * attachment's own.
 */
export function createMessageBuilder(): (parts: MessageParts) => Promise<readonly Buffer[]> {
  const encodedBodies = new WeakMap<Buffer, Promise<EncodedBody>>();
  const encodedBodyOf = (content: Buffer) => {
    let body = encodedBodies.get(content);
    if (!body) {
      // 48 bytes: 64 base64 characters on one line, no padding.
      const marker = randomBytes(48);
      body = Promise.all([encodeBase64(marker), encodeBase64(content)]).then(([encodedMarker, encoded]) => ({
        marker,
        encodedMarker,
        encoded,
      }));
      encodedBodies.set(content, body);
    }
    return body;
  };
  return async (parts) => {
    const attachments = parts.attachments ?? [];
    const bodies = await Promise.all(
      attachments.map((attachment) =>
        Buffer.isBuffer(attachment.content) && attachment.content.length > 0
          ? encodedBodyOf(attachment.content)
          : undefined,
      ),
    );
    const composed = await buildRawMessage({
      ...parts,
      attachments: attachments.map((attachment, i) =>
        bodies[i] ? { ...attachment, content: bodies[i].marker } : attachment,
      ),
    });
    // Where each stand-in ended up (the same content twice in one message: two places, in turn).
    const places: { at: number; body: EncodedBody }[] = [];
    for (const body of new Set(bodies)) {
      if (!body) continue;
      const count = bodies.filter((other) => other === body).length;
      for (let at = -1, found = 0; found < count; found++) {
        at = composed.indexOf(body.encodedMarker, at + 1);
        if (at < 0) throw new Error('An attachment is not where the composer put it');
        places.push({ at, body });
      }
    }
    places.sort((a, b) => a.at - b.at);
    const pieces: Buffer[] = [];
    let from = 0;
    for (const { at, body } of places) {
      pieces.push(composed.subarray(from, at), body.encoded);
      from = at + body.encodedMarker.length;
    }
    pieces.push(composed.subarray(from));
    return pieces.filter((piece) => piece.length > 0);
  };
}
