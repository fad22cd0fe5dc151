import type { IncomingMessage, ServerResponse } from 'node:http';

// What the fake Google (fake-google.ts) reads and writes, as Google's endpoints do: JSON and OAuth answers, request
// bodies, and Gmail's upload of a message.

/** The Google account that 'consents' at the fake's authorize page. */
export interface FakeGoogleAccount {
  sub: string;
  email: string;
  email_verified?: boolean;
  given_name?: string;
  picture?: string;
}

/** What the Gmail endpoint does with the next request: answer with a status, or take the message and never answer / drop. */
export type GmailBehaviour = { status: number; retryAfter?: string; body?: unknown } | { hang: true } | { drop: true };

export interface FakeGmailMessage {
  raw: Buffer;
  /** The address of the account whose access token sent it. */
  sender: string;
  contentType: string | undefined;
  id: string;
  /** The thread it was sent in: the one the multipart upload named, else a new one. */
  threadId: string;
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(JSON.stringify(body));
}

/** An OAuth error answer (RFC 6749 section 5.2). */
export const oauthError = (res: ServerResponse, status: number, error: string, description: string) =>
  json(res, status, { error, error_description: description });

export async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The parts of Gmail's multipart upload (multipart/related: the Message resource as JSON, then the message/rfc822),
 * or null when the body is not that.
 */
export function readMultipartUpload(
  contentType: string,
  body: Buffer,
): { metadata: { threadId?: string }; raw: Buffer } | null {
  const boundary = /^multipart\/related;\s*boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const starts: number[] = [];
  for (let at = body.indexOf(delimiter); at >= 0; at = body.indexOf(delimiter, at + delimiter.length)) starts.push(at);
  if (
    starts.length !== 3 ||
    !body
      .subarray(starts[2]! + delimiter.length)
      .toString('latin1')
      .startsWith('--')
  )
    return null;
  const part = (from: number, to: number) => {
    const chunk = body.subarray(from + delimiter.length + 2, to - 2);
    const headerEnd = chunk.indexOf('\r\n\r\n');
    return { headers: chunk.subarray(0, headerEnd).toString('utf8'), content: chunk.subarray(headerEnd + 4) };
  };
  const first = part(starts[0]!, starts[1]!);
  const second = part(starts[1]!, starts[2]!);
  if (
    !/content-type:\s*application\/json/i.test(first.headers) ||
    !/content-type:\s*message\/rfc822/i.test(second.headers)
  )
    return null;
  return { metadata: JSON.parse(first.content.toString('utf8')) as { threadId?: string }, raw: second.content };
}
