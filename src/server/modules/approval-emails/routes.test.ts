import { describe, expect } from 'vitest';
import { test, type Method } from '#server/testing/fixtures';
import { ADMIN_EMAIL, bearer, register } from '#server/testing/test-app';

const it = test
  .extend(
    'list',
    ({ call, member }) =>
      async () =>
        (await call('GET', '/api/approval-emails', member)).json(),
  )
  .extend('add', ({ call, member }) => async (email: string, token = member) => {
    const response = await call('POST', '/api/approval-emails', token, { email });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  })
  .extend('approvalEntries', ({ call, admin }) => async () => {
    const { entries } = (await call('GET', '/api/audit-log', admin)).json();
    return entries.filter((entry: { entity: string }) => entry.entity === 'approval_email');
  });

describe('approval addresses', () => {
  it('adds an address (201 with id and email), trimmed and lowercased, listed in the order added', async ({
    list,
    add,
  }) => {
    expect(await list()).toEqual([]);
    const first = await add('  Approvals@Agency.TEST ');
    expect(first).toEqual({ id: expect.any(Number), email: 'approvals@agency.test' });
    const second = await add('boss@agency.test');
    expect(await list()).toEqual([first, second]);
  });

  it('answers 409 for an address already on the list, whatever its case, and adds nothing', async ({
    member,
    call,
    list,
    add,
    approvalEntries,
  }) => {
    await add('approvals@agency.test');
    const again = await call('POST', '/api/approval-emails', member, { email: ' APPROVALS@agency.test' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'approvals@agency.test is already an approval address.',
      code: 'conflict',
    });
    expect(await list()).toHaveLength(1);
    expect(await approvalEntries()).toHaveLength(1);
  });

  it.for([
    [{}, 'email is required'],
    [{ email: '' }, 'email must be a valid e-mail address'],
    [{ email: '   ' }, 'email must be a valid e-mail address'],
    [{ email: 'not-an-address' }, 'email must be a valid e-mail address'],
    [{ email: 42 }, 'email must be an e-mail address'],
    [{ email: `${'a'.repeat(250)}@x.test` }, 'email is too long'],
  ])(
    'rejects a bad address with 400 naming the field and adds nothing (%#)',
    async ([body, message], { member, call, list, approvalEntries }) => {
      const response = await call('POST', '/api/approval-emails', member, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, field: 'email', code: 'invalid-request' });
      expect(await list()).toEqual([]);
      expect(await approvalEntries()).toEqual([]);
    },
  );

  it('deletes an address (204); deleting it again, or an unknown id, answers 404', async ({
    member,
    call,
    list,
    add,
  }) => {
    const kept = await add('kept@agency.test');
    const gone = await add('gone@agency.test');
    const response = await call('DELETE', `/api/approval-emails/${gone.id}`, member);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await list()).toEqual([kept]);
    const again = await call('DELETE', `/api/approval-emails/${gone.id}`, member);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      message: 'This approval address no longer exists. It may have been deleted by someone else.',
      code: 'not-found',
    });
    expect((await call('DELETE', '/api/approval-emails/999999', member)).statusCode).toBe(404);
    expect(await list()).toEqual([kept]);
  });

  it.for([
    ['abc', 'id must be a number'],
    ['1.5', 'id must be a whole number'],
    ['0', 'id must be positive'],
  ])('rejects a malformed id %s with 400 and deletes nothing', async ([id, message], { member, call, list, add }) => {
    const kept = await add('kept@agency.test');
    const response = await call('DELETE', `/api/approval-emails/${id}`, member);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, field: 'id', code: 'invalid-request' });
    expect(await list()).toEqual([kept]);
  });

  it('records additions and deletions with who did them', async ({ t, admin, member, call, add, approvalEntries }) => {
    const row = await add('approvals@agency.test', member);
    t.clock.advance(5000);
    await call('DELETE', `/api/approval-emails/${row.id}`, admin);
    expect(await approvalEntries()).toEqual([
      expect.objectContaining({
        actorEmail: ADMIN_EMAIL,
        action: 'delete',
        entityId: String(row.id),
        before: row,
        after: null,
        at: '2026-03-10T15:00:05.000Z',
      }),
      expect.objectContaining({
        actorEmail: 'member@agency.test',
        action: 'create',
        entityId: String(row.id),
        before: null,
        after: row,
        at: '2026-03-10T15:00:00.000Z',
      }),
    ]);
  });

  it('lets non-admins add and delete addresses', async ({ member, call, list, add }) => {
    const row = await add('approvals@agency.test', member);
    expect((await call('DELETE', `/api/approval-emails/${row.id}`, member)).statusCode).toBe(204);
    expect(await list()).toEqual([]);
  });

  it('answers 401 to strangers on every call and changes nothing', async ({ t, call, list, add }) => {
    const row = await add('approvals@agency.test');
    const calls: Array<[Method, string, unknown?]> = [
      ['GET', '/api/approval-emails'],
      ['POST', '/api/approval-emails', { email: 'intruder@else.test' }],
      ['DELETE', `/api/approval-emails/${row.id}`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, 'no-such-token', payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await t.app.inject({ method, url, ...(payload ? { payload: payload as object } : {}) })).statusCode).toBe(
        401,
      );
    }
    expect(await list()).toEqual([row]);
  });
});

describe('APPROVAL_DOMAINS', () => {
  it('refuses with 400 an approval address outside the allowed domains, naming them; unset, any address is taken', async ({
    startApp,
    add,
  }) => {
    const restricted = await startApp({ APPROVAL_DOMAINS: 'agency.test, Partner.org' });
    const token = await register(restricted.app, ADMIN_EMAIL);
    const post = (email: string) =>
      restricted.app.inject({
        method: 'POST',
        url: '/api/approval-emails',
        headers: bearer(token),
        payload: { email },
      });
    for (const email of ['boss@gmail.com', 'boss@sub.agency.test', 'boss@agency.test.evil.com']) {
      const refused = await post(email);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        message: 'Approval addresses must be at one of @agency.test, @partner.org.',
        field: 'email',
        code: 'invalid-request',
      });
    }
    expect((await post('Boss@Agency.test')).statusCode).toBe(201);
    expect((await post('legal@partner.org')).statusCode).toBe(201);
    // The app of this file has no APPROVAL_DOMAINS.
    await add('anyone@gmail.com');
  });
});
