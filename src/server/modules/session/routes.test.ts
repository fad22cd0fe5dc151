import { describe, expect } from 'vitest';
import { SESSION_LIFETIME_MS } from '#server/auth/tokens';
import { test } from '#server/testing/fixtures';
import { ADMIN_EMAIL, addAndRegister, bearer, createInvite, PASSWORD, register } from '#server/testing/test-app';

const it = test
  .extend(
    'post',
    ({ t }) =>
      (url: string, payload: unknown, headers = {}) =>
        t.app.inject({ method: 'POST', url, payload: payload as object, headers }),
  )
  .extend(
    'getUser',
    ({ t }) =>
      (token?: string) =>
        t.app.inject({ method: 'GET', url: '/api/user', headers: token ? bearer(token) : {} }),
  );

describe('POST /api/register', () => {
  it('registers an authorized address with its invite and returns a working token', async ({ t, post, getUser }) => {
    const invite = await createInvite(t.app, ADMIN_EMAIL);
    const response = await post('/api/register', { email: ' Admin@Agency.test ', password: PASSWORD, invite });
    expect(response.statusCode).toBe(201);
    const { token } = response.json();
    expect(token).toMatch(/^[\w-]{40,}$/);
    const user = await getUser(token);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({
      id: expect.any(Number),
      email: ADMIN_EMAIL,
      isAdmin: true,
      hasRegistered: true,
      googleProfileImageUrl: null,
      authorizedEmailId: expect.any(Number),
    });
  });

  it('stores an Argon2id hash and only a hash of the token', async ({ t }) => {
    const token = await register(t.app, ADMIN_EMAIL);
    const user = await t.database.db.query.users.findFirst();
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const sessions = await t.database.db.query.sessions.findMany();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.tokenHash).not.toContain(token);
  });

  it.for([
    [{ password: PASSWORD }, 'email is required'],
    [{ email: 'not-an-address', password: PASSWORD }, 'email must be a valid e-mail address'],
    [{ email: ADMIN_EMAIL }, 'password is required'],
    [{ email: ADMIN_EMAIL, password: 'short' }, 'password must be at least 8 characters'],
    [{ email: 42, password: PASSWORD }, 'email must be an e-mail address'],
  ])('answers 400 naming the field for %j', async ([payload, message], { t, post }) => {
    const response = await post('/api/register', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await t.database.db.query.users.findMany()).toEqual([]);
  });

  it('answers 400 with a message for a body that is not JSON', async ({ t }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String), code: 'invalid-request' });
  });
});

describe('POST /api/login', () => {
  it.beforeEach(async ({ t }) => {
    await register(t.app, ADMIN_EMAIL);
  });

  it('signs in with the right password', async ({ post, getUser }) => {
    const response = await post('/api/login', { email: ADMIN_EMAIL, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect((await getUser(response.json().token)).statusCode).toBe(200);
  });

  it('gives the same 401 for a wrong password and an unknown address', async ({ post }) => {
    const wrong = await post('/api/login', { email: ADMIN_EMAIL, password: 'wrong password' });
    const unknown = await post('/api/login', { email: 'nobody@agency.test', password: PASSWORD });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'unauthorized' });
    expect(unknown.json()).toEqual({ message: 'Invalid email or password', code: 'unauthorized' });
  });

  it('refuses with 429 and Retry-After after repeated failures for one address, and lets in again after the window', async ({
    t,
    post,
  }) => {
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/login', { email: ADMIN_EMAIL, password: `wrong ${i}` })).statusCode).toBe(401);
    }
    const refused = await post('/api/login', { email: ADMIN_EMAIL, password: PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
      code: 'too-many-requests',
    });
    expect(refused.headers['retry-after']).toBe('900');
    t.clock.advance(16 * 60 * 1000);
    expect((await post('/api/login', { email: ADMIN_EMAIL, password: PASSWORD })).statusCode).toBe(200);
  });

  it('refuses with 403 a registered user whose address was removed', async ({ t, post }) => {
    const admin = (await post('/api/login', { email: ADMIN_EMAIL, password: PASSWORD })).json().token;
    await addAndRegister(t.app, admin, 'gone@agency.test');
    const rows = (await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(admin) })).json();
    const gone = rows.find((row: { email: string }) => row.email === 'gone@agency.test');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/authorized-emails/${gone.authorizedEmailId}`,
      headers: bearer(admin),
    });
    const response = await post('/api/login', { email: 'gone@agency.test', password: PASSWORD });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/user and sessions', () => {
  it('answers 401 with no token, a malformed header or an unknown token', async ({ t, getUser }) => {
    expect((await getUser()).statusCode).toBe(401);
    expect((await getUser('made-up-token')).statusCode).toBe(401);
    const malformed = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: 'Basic abc' } });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json()).toEqual({ message: 'Unauthorized', code: 'unauthorized' });
  });

  it('expires a token after 30 days without use, and slides the expiry with use', async ({ t, getUser }) => {
    const token = await register(t.app, ADMIN_EMAIL);
    t.clock.advance(SESSION_LIFETIME_MS - 60_000);
    expect((await getUser(token)).statusCode).toBe(200);
    t.clock.advance(SESSION_LIFETIME_MS - 60_000);
    expect((await getUser(token)).statusCode).toBe(200);
    t.clock.advance(SESSION_LIFETIME_MS + 1);
    expect((await getUser(token)).statusCode).toBe(401);
  });

  it('revokes the token on logout', async ({ t, post, getUser }) => {
    const token = await register(t.app, ADMIN_EMAIL);
    const other = (await post('/api/login', { email: ADMIN_EMAIL, password: PASSWORD })).json().token;
    const response = await post('/api/logout', {}, bearer(token));
    expect(response.statusCode).toBe(204);
    expect((await getUser(token)).statusCode).toBe(401);
    expect((await getUser(other)).statusCode).toBe(200);
  });

  it('answers 403 at once to every session of a user whose address is removed', async ({ t, post, getUser }) => {
    const admin = await register(t.app, ADMIN_EMAIL);
    const first = await addAndRegister(t.app, admin, 'member@agency.test');
    const second = (await post('/api/login', { email: 'member@agency.test', password: PASSWORD })).json().token;
    const rows = (await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(admin) })).json();
    const member = rows.find((row: { email: string }) => row.email === 'member@agency.test');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/authorized-emails/${member.authorizedEmailId}`,
      headers: bearer(admin),
    });
    expect((await getUser(first)).statusCode).toBe(403);
    expect((await getUser(second)).json()).toEqual({ message: 'Access denied', code: 'access-removed' });
    // Putting the address back does not revive the old sessions.
    await t.app.inject({
      method: 'POST',
      url: '/api/authorized-emails',
      headers: bearer(admin),
      payload: { email: 'member@agency.test' },
    });
    expect((await getUser(first)).statusCode).toBe(403);
    expect((await post('/api/login', { email: 'member@agency.test', password: PASSWORD })).statusCode).toBe(200);
  });

  it('gives the first name from the address', async ({ t }) => {
    const admin = await register(t.app, ADMIN_EMAIL);
    const token = await addAndRegister(t.app, admin, 'jane.doe@agency.test');
    const response = await t.app.inject({ method: 'GET', url: '/api/user/first-name', headers: bearer(token) });
    expect(response.json()).toEqual({ firstName: 'Jane' });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/first-name' })).statusCode).toBe(401);
  });

  it('answers unknown API paths with a JSON 404', async ({ t }) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/Not found/);
  });

  it('sends Referrer-Policy: no-referrer', async ({ getUser }) => {
    expect((await getUser()).headers['referrer-policy']).toBe('no-referrer');
  });
});
