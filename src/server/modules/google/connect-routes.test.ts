import { describe, expect } from 'vitest';
import { errorOf, runGoogleFlow } from '#server/testing/google-flow';
import { ADMIN_EMAIL, bearer } from '#server/testing/test-app';
import { FLOW_COOKIE } from './routes';
import { messages, TICKET_LIFETIME_MS } from './service';
import { it } from './google-fixtures';

describe('connect mode', () => {
  it('answers 401 for a connect ticket without a session', async ({ t }) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/google/connect-ticket' });
    expect(response.statusCode).toBe(401);
  });

  it('links Google to the signed-in user through a one-time ticket', async ({
    t,
    fake,
    member,
    userRow,
    getUser,
    connectTicket,
  }) => {
    fake.account = {
      sub: 'sub-member',
      email: 'member@agency.test',
      email_verified: true,
      given_name: 'Mem',
      picture: 'https://lh3.example/m.png',
    };
    expect((await getUser(member)).json().googleProfileImageUrl).toBeNull();

    const ticket = await connectTicket(member);
    expect(ticket).toMatch(/^[\w-]{40,}$/);
    const tickets = await t.database.db.query.googleConnectTickets.findMany();
    expect(tickets).toHaveLength(1);
    expect(tickets[0]!.ticketHash).not.toBe(ticket);

    const sessionsBefore = (await t.database.db.query.sessions.findMany()).length;
    const flow = await runGoogleFlow(t.app, { ticket });
    expect(new URL(flow.start.headers.location as string).searchParams.get('login_hint')).toBe('member@agency.test');
    // The browser keeps the session it connected with: no code, no new session.
    expect(flow.location).toBe('/?google_connected=1');
    expect(flow.exchangeCookie).toBeUndefined();
    expect(await t.database.db.query.sessions.findMany()).toHaveLength(sessionsBefore);
    const user = (await getUser(member)).json();
    expect(user).toMatchObject({ email: 'member@agency.test', googleProfileImageUrl: 'https://lh3.example/m.png' });
    expect((await userRow('member@agency.test'))!.googleConnected).toBe(true);
    expect(await t.database.db.query.googleConnectTickets.findMany()).toEqual([]);

    // The ticket is spent.
    const replay = await t.app.inject({ method: 'GET', url: `/auth/google?ticket=${ticket}` });
    expect(replay.headers.location).toBe(`/?google_error=${encodeURIComponent(messages.ticket)}`);
  });

  it('refuses an expired ticket', async ({ t, admin, connectTicket }) => {
    const ticket = await connectTicket(admin);
    t.clock.advance(TICKET_LIFETIME_MS + 1);
    const response = await t.app.inject({ method: 'GET', url: `/auth/google?ticket=${ticket}` });
    expect(errorOf(response.headers.location as string)).toBe(messages.ticket);
    expect(response.cookies.find((c) => c.name === FLOW_COOKIE)?.value ?? '').toBe('');
  });

  it('refuses to link the Google account of another address', async ({ t, fake, member, userRow, connectTicket }) => {
    fake.account = { sub: 'sub-admin', email: ADMIN_EMAIL, email_verified: true };
    const flow = await runGoogleFlow(t.app, { ticket: await connectTicket(member) });
    expect(flow.location).toMatch(/^\/\?google_error=/);
    expect(errorOf(flow.location)).toBe(messages.otherAccount('member@agency.test', ADMIN_EMAIL));
    const row = (await userRow('member@agency.test'))!;
    expect(row.googleSubject).toBeNull();
    expect(row.googleConnected).toBe(false);
  });

  it('keeps a connecting user on the app when they cancel the consent', async ({ t, fake, admin, connectTicket }) => {
    fake.authorizeError = 'access_denied';
    const flow = await runGoogleFlow(t.app, { ticket: await connectTicket(admin) });
    expect(flow.location).toBe(`/?google_error=${encodeURIComponent(messages.cancelled)}`);
  });

  it('stops a user whose address was removed while connecting', async ({ t, fake, admin, member, connectTicket }) => {
    fake.account = { sub: 'sub-member', email: 'member@agency.test', email_verified: true };
    const ticket = await connectTicket(member);
    const rows = (await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(admin) })).json();
    const row = rows.find((r: { email: string }) => r.email === 'member@agency.test');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/authorized-emails/${row.authorizedEmailId}`,
      headers: bearer(admin),
    });
    const flow = await runGoogleFlow(t.app, { ticket });
    expect(flow.location).toBe('/access-denied');
  });
});
