import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { redactUrl } from './logging';
import { captureLogs } from './testing/log-capture';
import { ADMIN_EMAIL, bearer, createTestApp, register, type TestContext } from './testing/test-app';

describe('redactUrl', () => {
  it.each([
    ['/api/vendors', '/api/vendors'],
    ['/api/email-logs?page=2&search=acme', '/api/email-logs?page=2&search=acme'],
    ['/auth?invite=abc', '/auth?[redacted]'],
    ['/auth?error=Google%20said%20no', '/auth?[redacted]'],
    ['/auth/google?ticket=abc', '/auth/google?[redacted]'],
    ['/auth/google/callback?code=4/xyz&state=e30.sig', '/auth/google/callback?[redacted]'],
    ['/?token=abc&tab=1', '/?token=[redacted]&tab=1'],
    ['/?google_code=abc', '/?google_code=[redacted]'],
    ['/settings?Invite=abc&connect%5Fticket=def', '/settings?Invite=[redacted]&connect%5Fticket=[redacted]'],
    ['/authors?page=1', '/authors?page=1'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('the request log', () => {
  let t: TestContext;
  let logs: ReturnType<typeof captureLogs>;

  beforeEach(async () => {
    logs = captureLogs();
    t = await createTestApp({}, undefined, { logger: { level: 'info', stream: logs.stream } });
  });
  afterEach(async () => {
    await t.close();
  });

  it('holds no query string under /auth, no credential parameter, no Authorization header and no cookie', async () => {
    const secrets = [
      'invite-secret-1',
      'ticket-secret-2',
      'oauth-code-3',
      'state-4',
      'session-token-5',
      'google-code-6',
      'bearer-7',
      'cookie-8',
    ];
    const requests = [
      `/auth?invite=${secrets[0]}`,
      `/auth/google?ticket=${secrets[1]}`,
      `/auth/google/callback?code=${secrets[2]}&state=${secrets[3]}`,
      `/?token=${secrets[4]}&google_code=${secrets[5]}&view=compact`,
    ];
    for (const url of requests) await t.app.inject({ method: 'GET', url });
    await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { ...bearer(secrets[6]!), cookie: `dispatch_google_flow=${secrets[7]}` },
    });

    const text = logs.text();
    for (const secret of secrets) expect(text).not.toContain(secret);
    const urls = logs
      .entries()
      .flatMap((entry) =>
        (entry.req as { url?: string } | undefined)?.url ? [(entry.req as { url: string }).url] : [],
      );
    expect(urls).toEqual([
      '/auth?[redacted]',
      '/auth/google?[redacted]',
      '/auth/google/callback?[redacted]',
      '/?token=[redacted]&google_code=[redacted]&view=compact',
      '/api/user',
    ]);
  });

  it('logs a failed draft insert without the draft, its SQL parameters or the values the database quotes', async () => {
    const token = await register(t.app, ADMIN_EMAIL);
    // The database refuses the insert for a reason no rule of ours foresaw, quoting the value in its message.
    await t.database.db.execute(
      sql.raw(
        `create function refuse_draft() returns trigger language plpgsql as $$ begin raise exception 'cannot store "%"', new.text_copy; end $$`,
      ),
    );
    await t.database.db.execute(
      sql.raw(
        'create trigger refuse_draft before insert on prospecting_drafts for each row execute function refuse_draft()',
      ),
    );
    const draft = {
      cardId: 'card-1',
      cardType: 'text',
      cardOrder: 0,
      textCopy: 'Private offer for ACME: 40% off',
      senderName: 'Confidential Sender',
    };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/prospecting-drafts',
      headers: bearer(token),
      payload: draft,
    });
    expect(response.statusCode).toBe(500);

    const failure = logs.entries().find((entry) => entry.msg === 'unexpected error')!;
    expect(failure).toBeDefined();
    const err = failure.err as { message: string; stack: string; cause?: { message: string } };
    // What is left still says which statement failed, and why.
    expect(err.message).toMatch(/^Failed query: insert into "prospecting_drafts"/);
    expect(JSON.stringify(err)).toContain('cannot store');
    const text = logs.text();
    for (const value of ['Private offer', 'ACME', 'Confidential Sender', 'card-1', token])
      expect(text).not.toContain(value);
    expect(text).not.toMatch(/params/);
  });
});
