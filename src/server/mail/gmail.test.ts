import { createServer } from 'node:net';
import { simpleParser } from 'mailparser';
import { describe, expect } from 'vitest';
import { fakeGoogleEnv } from '../testing/fake-google';
import { test } from '../testing/fixtures';
import { runGoogleFlow, sessionOf } from '../testing/google-flow';
import { ADMIN_EMAIL, bearer } from '../testing/test-app';
import { createGmailTransport, GMAIL_MAX_MESSAGE_BYTES, parseRetryAfter, type GmailOptions } from './gmail';
import { MailSendError, type OutgoingMessage } from './transport';

const raw = Buffer.from(
  [
    'From: Ada <admin@agency.test>',
    'To: Vendor One <one@vendor.test>',
    'Cc: approvals@agency.test',
    'Reply-To: admin@agency.test, approvals@agency.test',
    'Subject: New Club for Growth Content',
    'Message-ID: <send-1.vendor-one@dispatch.agency.test>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Good afternoon, here is the new content.',
    '--b1',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p>Good afternoon, here is the <b>new content</b>.</p>',
    '--b1--',
    '',
  ].join('\r\n'),
);

/** An app pointed at the fake Google with its admin signed in through it; `transport` builds a Gmail transport that records its sleeps. */
const it = test
  .extend('fake', ({ google }) => {
    google.account = { sub: 'sub-admin', email: ADMIN_EMAIL, email_verified: true, given_name: 'Ada' };
    return google;
  })
  .extend('env', ({ fake }) => fakeGoogleEnv(fake))
  .extend('userId', async ({ t }) => {
    const flow = await runGoogleFlow(t.app);
    return (
      await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(await sessionOf(t.app, flow)) })
    ).json().id as number;
  })
  .extend('sleeps', (): number[] => [])
  .extend(
    'transport',
    ({ t, sleeps }) =>
      (options: Partial<GmailOptions> = {}) =>
        createGmailTransport({
          apiUrl: t.config.google.gmailApiUrl,
          accessTokens: t.google.accessTokens,
          sleep: async (ms) => {
            sleeps.push(ms);
          },
          random: () => 0.5,
          ...options,
        }),
  )
  .extend('message', ({ userId }) => (): OutgoingMessage => ({
    raw,
    from: ADMIN_EMAIL,
    to: ['one@vendor.test'],
    cc: ['approvals@agency.test'],
    senderUserId: userId,
  }));

describe('gmail transport', () => {
  it('uploads the exact RFC 822 message as message/rfc822 and returns the Gmail message id', async ({
    fake,
    sleeps,
    transport,
    message,
  }) => {
    const outcome = await transport().send(message());
    expect(outcome).toEqual({ status: 'sent', id: fake.sentMessages[0]!.id, threadId: fake.sentMessages[0]!.threadId });
    const [sent] = fake.sentMessages;
    expect(sent!.sender).toBe(ADMIN_EMAIL);
    expect(sent!.contentType).toBe('message/rfc822');
    expect(sent!.raw.equals(raw)).toBe(true);
    const parsed = await simpleParser(sent!.raw);
    expect(parsed.subject).toBe('New Club for Growth Content');
    expect(parsed.messageId).toBe('<send-1.vendor-one@dispatch.agency.test>');
    expect(parsed.from?.value[0]?.address).toBe(ADMIN_EMAIL);
    expect(parsed.text?.trim()).toBe('Good afternoon, here is the new content.');
    expect(parsed.html).toContain('<b>new content</b>');
    expect(sleeps).toEqual([]);
  });

  it("sends a reply into the sender's Gmail thread: the multipart upload names the threadId and carries the exact message", async ({
    fake,
    transport,
    message,
  }) => {
    const outcome = await transport().send({ ...message(), threadId: 'thread-1234' });
    expect(outcome).toEqual({ status: 'sent', id: fake.sentMessages[0]!.id, threadId: 'thread-1234' });
    const [sent] = fake.sentMessages;
    expect(sent!.contentType).toMatch(/^multipart\/related; boundary=/);
    expect(sent!.threadId).toBe('thread-1234');
    expect(sent!.raw.equals(raw)).toBe(true);
  });

  it('retries 429 and 5xx, honouring Retry-After, then sends once', async ({ fake, sleeps, transport, message }) => {
    fake.gmailBehaviours.push({ status: 429, retryAfter: '7' }, { status: 503 }, { status: 500 });
    const outcome = await transport().send(message());
    expect(outcome.status).toBe('sent');
    expect(fake.gmailRequests).toBe(4);
    expect(fake.sentMessages).toHaveLength(1);
    // Retry-After first, then the doubling back-off of attempts 2 and 3.
    expect(sleeps).toEqual([7000, 2000, 4000]);
  });

  it('treats Gmail 403 rate limits like 429', async ({ fake, sleeps, transport, message }) => {
    fake.gmailBehaviours.push({
      status: 403,
      body: {
        error: { code: 403, message: 'User-rate limit exceeded.', errors: [{ reason: 'userRateLimitExceeded' }] },
      },
    });
    expect((await transport().send(message())).status).toBe('sent');
    expect(sleeps).toEqual([1000]);
  });

  it('gives up after the bounded attempts with a retryable error', async ({ fake, sleeps, transport, message }) => {
    fake.gmailBehaviours.push(...Array.from({ length: 6 }, () => ({ status: 502 })));
    const failure = await transport({ maxAttempts: 3 })
      .send(message())
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MailSendError);
    expect(failure).toMatchObject({ retryable: true, message: 'Gmail answered 502: Fake Gmail answered 502.' });
    expect(fake.gmailRequests).toBe(3);
    expect(sleeps).toEqual([1000, 2000]);
    expect(fake.sentMessages).toEqual([]);
  });

  it('leaves a Retry-After longer than it will wait to the caller', async ({ fake, sleeps, transport, message }) => {
    fake.gmailBehaviours.push({ status: 429, retryAfter: '3600' });
    await expect(transport().send(message())).rejects.toMatchObject({ retryable: true, retryAfterMs: 3_600_000 });
    expect(fake.gmailRequests).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('does not retry a message Gmail refuses', async ({ fake, transport, message }) => {
    fake.gmailBehaviours.push({
      status: 400,
      body: { error: { code: 400, message: 'Invalid To header', status: 'INVALID_ARGUMENT' } },
    });
    await expect(transport().send(message())).rejects.toMatchObject({
      retryable: false,
      message: 'Gmail refused the message (400): Invalid To header',
    });
    expect(fake.gmailRequests).toBe(1);
  });

  it('is uncertain, and does not retry, when Gmail takes the message and never answers', async ({
    fake,
    sleeps,
    transport,
    message,
  }) => {
    fake.gmailBehaviours.push({ hang: true });
    const outcome = await transport({ timeoutMs: 400 }).send(message());
    expect(outcome).toEqual({ status: 'uncertain', error: 'no answer from Gmail within 0.4 s' });
    expect(fake.gmailRequests).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('is uncertain, and does not retry, when the connection drops after the message was sent', async ({
    fake,
    transport,
    message,
  }) => {
    fake.gmailBehaviours.push({ drop: true });
    const outcome = await transport().send(message());
    expect(outcome).toMatchObject({ status: 'uncertain', error: expect.stringMatching(/socket hang up|ECONNRESET/) });
    expect(fake.gmailRequests).toBe(1);
    expect(fake.sentMessages).toHaveLength(1);
  });

  it('retries a connection refused before anything was sent', async ({ sleeps, transport, message }) => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const failure = await transport({ apiUrl: `http://127.0.0.1:${closedPort}`, maxAttempts: 2 })
      .send(message())
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MailSendError);
    expect(failure).toMatchObject({
      retryable: true,
      message: expect.stringMatching(/^Gmail could not be reached: .*ECONNREFUSED/),
    });
    expect(sleeps).toEqual([1000]);
  });

  it('refreshes the access token once when Gmail answers 401', async ({ fake, sleeps, transport, message }) => {
    fake.gmailBehaviours.push({ status: 401 });
    expect((await transport().send(message())).status).toBe('sent');
    expect(fake.tokenRequests.filter((request) => request.grantType === 'refresh_token')).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('answers requiresGoogleAuth when the refresh token was revoked, and sends nothing', async ({
    t,
    fake,
    transport,
    message,
  }) => {
    fake.refreshError = 'invalid_grant';
    t.clock.advance(2 * 60 * 60 * 1000);
    await expect(transport().send(message())).rejects.toMatchObject({
      statusCode: 403,
      extra: { requiresGoogleAuth: true },
    });
    expect(fake.gmailRequests).toBe(0);
    const user = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer(await sessionOf(t.app, await runGoogleFlow(t.app))),
    });
    expect(user.statusCode).toBe(200);
  });

  it('answers requiresGoogleAuth when the Gmail scope was not granted', async ({ fake, transport, message }) => {
    fake.gmailBehaviours.push({
      status: 403,
      body: {
        error: {
          code: 403,
          message: 'Request had insufficient authentication scopes.',
          errors: [{ reason: 'insufficientPermissions' }],
        },
      },
    });
    await expect(transport().send(message())).rejects.toMatchObject({ extra: { requiresGoogleAuth: true } });
  });

  it('refuses a message over 35 MB before sending', async ({ fake, transport, message }) => {
    const huge = { ...message(), raw: Buffer.alloc(GMAIL_MAX_MESSAGE_BYTES + 1, 'a') };
    await expect(transport().send(huge)).rejects.toMatchObject({
      retryable: false,
      message: 'The message is 35.0 MB; Gmail accepts at most 35 MB.',
    });
    expect(fake.gmailRequests).toBe(0);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-03-10T15:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Tue, 10 Mar 2026 15:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 10 Mar 2026 14:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
