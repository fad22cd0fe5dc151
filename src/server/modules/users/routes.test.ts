import { describe, expect } from 'vitest';
import { test, type Method } from '#server/testing/fixtures';
import { ADMIN_EMAIL, addAndRegister } from '#server/testing/test-app';

const it = test.extend('rowFor', ({ call, admin }) => async (email: string) => {
  const rows = (await call('GET', '/api/users', admin)).json();
  return rows.find((row: { email: string }) => row.email === email);
});

describe('user administration', () => {
  it('lists authorized addresses with registration state', async ({ admin, call }) => {
    await call('POST', '/api/authorized-emails', admin, { email: 'Pending@Agency.test' });
    const rows = (await call('GET', '/api/users', admin)).json();
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        email: ADMIN_EMAIL,
        isAdmin: true,
        hasRegistered: true,
        googleProfileImageUrl: null,
        authorizedEmailId: expect.any(Number),
        inviteExpiresAt: null,
      },
      {
        id: null,
        email: 'pending@agency.test',
        isAdmin: false,
        hasRegistered: false,
        googleProfileImageUrl: null,
        authorizedEmailId: expect.any(Number),
        inviteExpiresAt: expect.any(String),
      },
    ]);
  });

  it('answers 409 for an address already on the list', async ({ admin, call }) => {
    await call('POST', '/api/authorized-emails', admin, { email: 'one@agency.test' });
    const again = await call('POST', '/api/authorized-emails', admin, { email: 'ONE@agency.test' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('one@agency.test is already on the list.');
  });

  it('validates bodies and parameters with 400 naming the field', async ({ admin, call }) => {
    expect((await call('POST', '/api/authorized-emails', admin, { email: 'nope' })).json()).toEqual({
      message: 'email must be a valid e-mail address',
      field: 'email',
      code: 'invalid-request',
    });
    expect((await call('POST', '/api/authorized-emails', admin, {})).json().message).toBe('email is required');
    expect((await call('DELETE', '/api/authorized-emails/abc', admin)).json().message).toBe('id must be a number');
    const badFlag = await call('PATCH', '/api/users/1/permissions', admin, { isAdmin: 'yes' });
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json().message).toBe('isAdmin must be true or false');
    expect((await call('PATCH', '/api/users/0/permissions', admin, { isAdmin: true })).json().message).toBe(
      'userId must be positive',
    );
  });

  it('toggles admin for a registered user and records it in the audit trail', async ({ t, admin, call, rowFor }) => {
    await addAndRegister(t.app, admin, 'member@agency.test');
    const member = await rowFor('member@agency.test');
    const response = await call('PATCH', `/api/users/${member.id}/permissions`, admin, { isAdmin: true });
    expect(response.statusCode).toBe(200);
    expect((await rowFor('member@agency.test')).isAdmin).toBe(true);
    const audit = await t.database.db.query.auditLog.findMany();
    expect(audit.at(-1)).toMatchObject({
      actorEmail: ADMIN_EMAIL,
      action: 'update',
      entity: 'user_permissions',
      entityId: String(member.id),
      before: { isAdmin: false },
      after: { isAdmin: true },
    });
  });

  it('answers 404 for permissions of an unknown user', async ({ admin, call }) => {
    const response = await call('PATCH', '/api/users/9999/permissions', admin, { isAdmin: true });
    expect(response.statusCode).toBe(404);
  });

  it('never leaves the product without an admin, and an admin cannot remove themself', async ({
    t,
    admin,
    call,
    rowFor,
  }) => {
    const me = await rowFor(ADMIN_EMAIL);
    const demote = await call('PATCH', `/api/users/${me.id}/permissions`, admin, { isAdmin: false });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('You cannot remove the last admin.');
    expect((await rowFor(ADMIN_EMAIL)).isAdmin).toBe(true);

    const removeSelf = await call('DELETE', `/api/authorized-emails/${me.authorizedEmailId}`, admin);
    expect(removeSelf.statusCode).toBe(409);
    expect(removeSelf.json().message).toBe('You cannot remove your own address.');

    // With a second admin, the first may step down; the second is then the last.
    const other = await addAndRegister(t.app, admin, 'second@agency.test');
    const second = await rowFor('second@agency.test');
    await call('PATCH', `/api/users/${second.id}/permissions`, admin, { isAdmin: true });
    expect((await call('PATCH', `/api/users/${me.id}/permissions`, admin, { isAdmin: false })).statusCode).toBe(200);
    const lastDemote = await call('PATCH', `/api/users/${second.id}/permissions`, other, { isAdmin: false });
    expect(lastDemote.statusCode).toBe(409);
  });

  it('removes the last admin address only never: 409 when an admin removes the only other admin is impossible', async ({
    admin,
    call,
    rowFor,
  }) => {
    // A pending admin address counts as an admin: removing it while another admin exists is allowed.
    await call('POST', '/api/authorized-emails', admin, { email: 'pending@agency.test' });
    const pending = await rowFor('pending@agency.test');
    expect((await call('DELETE', `/api/authorized-emails/${pending.authorizedEmailId}`, admin)).statusCode).toBe(204);
    expect(await rowFor('pending@agency.test')).toBeUndefined();
  });

  it('keeps every admin call from non-admins (403) and from strangers (401)', async ({ t, admin, call, rowFor }) => {
    const member = await addAndRegister(t.app, admin, 'member@agency.test');
    const calls: Array<[Method, string, unknown?]> = [
      ['GET', '/api/users'],
      ['POST', '/api/authorized-emails', { email: 'x@agency.test' }],
      ['DELETE', '/api/authorized-emails/1'],
      ['PATCH', '/api/users/1/permissions', { isAdmin: true }],
    ];
    for (const [method, url, payload] of calls) {
      const asMember = await call(method, url, member, payload);
      expect(asMember.statusCode, `${method} ${url}`).toBe(403);
      expect(asMember.json()).toEqual({ message: 'Admins only', code: 'forbidden' });
      expect((await call(method, url, 'no-such-token', payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await rowFor('x@agency.test')).toBeUndefined();
  });

  it('ensures ADMIN_EMAILS at start-up without duplicating them', async ({ t, admin, call }) => {
    const { ensureAdmins } = await import('./service');
    await ensureAdmins({ db: t.database.db, clock: t.clock }, [ADMIN_EMAIL, 'boss@agency.test']);
    await ensureAdmins({ db: t.database.db, clock: t.clock }, [ADMIN_EMAIL, 'boss@agency.test']);
    const rows = (await call('GET', '/api/users', admin)).json();
    expect(rows.map((row: { email: string; isAdmin: boolean }) => [row.email, row.isAdmin])).toEqual([
      [ADMIN_EMAIL, true],
      ['boss@agency.test', true],
    ]);
  });
});
