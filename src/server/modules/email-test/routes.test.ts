import { simpleParser } from 'mailparser';
import { describe, expect } from 'vitest';
import { test } from '#server/testing/fixtures';
import { FAST_DELIVERY } from '#server/testing/send-fixtures';
import { ADMIN_EMAIL, bearer } from '#server/testing/test-app';

/** An app sending through the SMTP sink (the gmail suite below overrides env). */
const it = test
  .extend('env', ({ dataDir, smtp }): Record<string, string> => ({
    DATA_DIR: dataDir,
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: smtp.url,
  }))
  .extend('appDeps', { delivery: FAST_DELIVERY })
  .extend(
    'sendTest',
    ({ t, admin }) =>
      (payload: unknown) =>
        t.app.inject({ method: 'POST', url: '/api/send-email', headers: bearer(admin), payload: payload as object }),
  );

describe('POST /api/send-email', () => {
  it('sends a test message as the user through the configured transport', async ({ smtp, sendTest }) => {
    const response = await sendTest({
      to: 'someone@example.test',
      subject: 'Hello',
      text: 'Plain',
      html: '<p>Rich</p>',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'sent',
      messageId: expect.stringMatching(/^<.+@dispatch\.local>$/),
      message: 'Email sent successfully',
    });
    const mail = await simpleParser(smtp.received[0]!.raw);
    expect(mail.subject).toBe('Hello');
    expect(mail.html).toBe('<p>Rich</p>');
    expect(mail.text?.trim()).toBe('Plain');
    expect(mail.from?.value[0]?.address).toBe(ADMIN_EMAIL);
    expect(smtp.received[0]!.to).toEqual(['someone@example.test']);
  });

  it('answers 400 naming what is missing', async ({ t, smtp, sendTest }) => {
    const empty = await sendTest({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      message: 'Please provide: to, subject, text or html.',
      missing: ['to', 'subject', 'text or html'],
      code: 'invalid-request',
    });
    expect((await sendTest({ to: 'a@example.test', subject: 'Hi', html: '  ' })).json().missing).toEqual([
      'text or html',
    ]);
    expect((await sendTest({ to: 'not an address', subject: 'Hi', text: 'x' })).json().message).toMatch(/^to\.0 /);
    expect(smtp.received).toHaveLength(0);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/send-email', payload: { to: 'a@example.test' } })).statusCode,
    ).toBe(401);
  });

  describe('under the gmail transport', () => {
    it.override('env', ({ dataDir }) => ({
      DATA_DIR: dataDir,
      MAIL_TRANSPORT: 'gmail',
      GOOGLE_CLIENT_ID: 'client-id',
      GOOGLE_CLIENT_SECRET: 'client-secret',
    }));

    it('answers requiresGoogleAuth under the gmail transport when the user has no Google connection', async ({
      sendTest,
    }) => {
      const response = await sendTest({ to: 'someone@example.test', subject: 'Hello', text: 'Plain' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        requiresGoogleAuth: true,
        message: 'Google Authentication Required: Please sign in with Google to enable Gmail sending.',
        code: 'requires-google-auth',
      });
    });
  });

  it('answers 502 with the reason when the mail server refuses the message', async ({ smtp, sendTest }) => {
    smtp.answer = () => ({ kind: 'refuse', code: 554, message: 'Rejected' });
    const response = await sendTest({ to: 'someone@example.test', subject: 'Hello', text: 'Plain' });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(
      /^The email could not be sent: The mail server refused the message \(554\)/,
    );
  });
});
