import { simpleParser } from 'mailparser';
import { describe, expect } from 'vitest';
import { hashToken } from '#server/auth/tokens';
import { ADMIN_EMAIL, bearer, createInvite, inviteTokenOf, PASSWORD, register } from '#server/testing/test-app';
import { INVITE_LIFETIME_MS } from './service';
import { it, NEUTRAL, PUBLIC_URL } from './invites-fixtures';

describe('invitations', () => {
  it('adding a user answers a one-time link, keeps only its hash and mails it to the address', async ({
    t,
    database,
    app,
    smtp,
    admin,
    addUser,
  }) => {
    const added = await addUser(admin, 'New@Agency.test');
    expect(added.statusCode).toBe(201);
    const body = added.json();
    expect(body).toEqual({
      id: expect.any(Number),
      email: 'new@agency.test',
      isAdmin: false,
      inviteUrl: expect.stringMatching(/^https:\/\/dispatch\.agency\.test\/auth\?invite=[\w-]{43}$/),
      inviteExpiresAt: new Date(t.clock.now().getTime() + INVITE_LIFETIME_MS).toISOString(),
      inviteMailed: true,
    });
    const token = inviteTokenOf(body.inviteUrl);
    const stored = (await database.db.query.invites.findMany()).filter((row) => row.usedAt === null);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['new@agency.test']);
    const mail = await simpleParser(smtp.received[0]!.raw);
    expect(mail.subject).toBe('Your invitation to Dispatch');
    expect(mail.text).toContain(body.inviteUrl);

    const rows = (await app.inject({ method: 'GET', url: '/api/users', headers: bearer(admin) })).json();
    expect(rows.find((row: { email: string }) => row.email === 'new@agency.test').inviteExpiresAt).toBe(
      body.inviteExpiresAt,
    );
  });

  it('registers once with the link; a second use is refused', async ({ admin, addUser, registerWith, lookup }) => {
    const invite = inviteTokenOf((await addUser(admin, 'new@agency.test')).json().inviteUrl);
    expect((await lookup(invite)).json()).toEqual({ email: 'new@agency.test' });
    expect((await registerWith({ email: 'new@agency.test', password: PASSWORD, invite })).statusCode).toBe(201);
    const again = await registerWith({ email: 'new@agency.test', password: 'another password', invite });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual(NEUTRAL);
    expect(await lookup(invite).then((answer) => [answer.statusCode, answer.json()])).toEqual([403, NEUTRAL]);
  });

  it('refuses every invalid case with the same 403, creating no account', async ({
    admin,
    addUser,
    registerWith,
    userCount,
  }) => {
    const invite = inviteTokenOf((await addUser(admin, 'new@agency.test')).json().inviteUrl);
    const otherInvite = inviteTokenOf((await addUser(admin, 'other@agency.test')).json().inviteUrl);
    const before = await userCount();
    const cases: Record<string, unknown>[] = [
      { email: 'new@agency.test', password: PASSWORD },
      { email: 'new@agency.test', password: PASSWORD, invite: '' },
      { email: 'new@agency.test', password: PASSWORD, invite: 'x'.repeat(43) },
      { email: 'new@agency.test', password: PASSWORD, invite: otherInvite },
      { email: 'stranger@else.test', password: PASSWORD, invite },
      { email: 'stranger@else.test', password: PASSWORD },
      { email: ADMIN_EMAIL, password: PASSWORD, invite },
      { email: ADMIN_EMAIL, password: PASSWORD },
    ];
    for (const payload of cases) {
      const answer = await registerWith(payload);
      expect([answer.statusCode, answer.json()], JSON.stringify(payload)).toEqual([403, NEUTRAL]);
    }
    expect(await userCount()).toBe(before);
    // A refusal does not use up the invite.
    expect((await registerWith({ email: 'new@agency.test', password: PASSWORD, invite })).statusCode).toBe(201);
  });

  it('an already registered address with a live invite of its own gets the same 403', async ({
    app,
    admin,
    addUser,
    registerWith,
  }) => {
    const added = (await addUser(admin, 'new@agency.test')).json();
    const invite = inviteTokenOf(added.inviteUrl);
    // Registered meanwhile (as Google sign-in would), by another link of the same address issued by the test helper.
    await register(app, 'new@agency.test', PASSWORD, await createInvite(app, 'new@agency.test'));
    const answer = await registerWith({ email: 'new@agency.test', password: PASSWORD, invite });
    expect([answer.statusCode, answer.json()]).toEqual([403, NEUTRAL]);
  });

  it('a link expires after 7 days', async ({ t, admin, addUser, registerWith, lookup }) => {
    const first = inviteTokenOf((await addUser(admin, 'early@agency.test')).json().inviteUrl);
    const second = inviteTokenOf((await addUser(admin, 'late@agency.test')).json().inviteUrl);
    t.clock.advance(INVITE_LIFETIME_MS - 60_000);
    expect((await registerWith({ email: 'early@agency.test', password: PASSWORD, invite: first })).statusCode).toBe(
      201,
    );
    t.clock.advance(60_001);
    const late = await registerWith({ email: 'late@agency.test', password: PASSWORD, invite: second });
    expect([late.statusCode, late.json()]).toEqual([403, NEUTRAL]);
    expect((await lookup(second)).statusCode).toBe(403);
  });

  it("'New link' voids the old link, is for admins only, and only for pending addresses", async ({
    app,
    smtp,
    admin,
    addUser,
    newLink,
    registerWith,
  }) => {
    const added = (await addUser(admin, 'new@agency.test')).json();
    const renewed = await newLink(admin, added.id);
    expect(renewed.statusCode).toBe(201);
    expect(renewed.json()).toEqual({
      inviteUrl: expect.stringContaining(`${PUBLIC_URL}/auth?invite=`),
      inviteExpiresAt: expect.any(String),
      inviteMailed: true,
    });
    expect(renewed.json().inviteUrl).not.toBe(added.inviteUrl);
    expect(smtp.received).toHaveLength(2);

    const old = await registerWith({
      email: 'new@agency.test',
      password: PASSWORD,
      invite: inviteTokenOf(added.inviteUrl),
    });
    expect([old.statusCode, old.json()]).toEqual([403, NEUTRAL]);
    const member = await register(app, 'new@agency.test', PASSWORD, inviteTokenOf(renewed.json().inviteUrl));

    const pendingId = (await addUser(admin, 'pending@agency.test')).json().id;
    expect((await newLink(member, pendingId)).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: `/api/authorized-emails/${pendingId}/invite` })).statusCode).toBe(
      401,
    );
    expect((await newLink(admin, added.id)).json()).toEqual({
      message: 'new@agency.test has already registered.',
      code: 'conflict',
    });
    expect((await newLink(admin, 999_999)).statusCode).toBe(404);
    expect((await newLink(admin, 'abc' as unknown as number)).statusCode).toBe(400);
  });

  it('removing the address voids its link', async ({ app, admin, addUser, registerWith }) => {
    const added = (await addUser(admin, 'new@agency.test')).json();
    await app.inject({ method: 'DELETE', url: `/api/authorized-emails/${added.id}`, headers: bearer(admin) });
    await addUser(admin, 'new@agency.test');
    const answer = await registerWith({
      email: 'new@agency.test',
      password: PASSWORD,
      invite: inviteTokenOf(added.inviteUrl),
    });
    expect(answer.statusCode).toBe(403);
  });

  it('still answers the link when it could not be mailed', async ({ smtp, admin, addUser }) => {
    await smtp.close();
    const added = await addUser(admin, 'new@agency.test');
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ inviteMailed: false, inviteUrl: expect.stringContaining('/auth?invite=') });
  });

  it('lookup validates its body', async ({ lookup }) => {
    expect((await lookup(undefined)).json().message).toBe('invite is required');
    expect((await lookup('')).statusCode).toBe(400);
  });
});
