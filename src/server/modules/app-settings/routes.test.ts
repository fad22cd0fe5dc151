import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, bearer, createTestApp, register, type TestContext } from '#server/testing/test-app';

let t: TestContext;
afterEach(async () => {
  await t.close();
});

describe('GET /api/app-settings', () => {
  it('gives the hub password and mail transport to a signed-in user only', async () => {
    t = await createTestApp({ HUB_PASSWORD: 'hub-secret-1' });
    expect((await t.app.inject({ method: 'GET', url: '/api/app-settings' })).statusCode).toBe(401);
    const token = await register(t.app, ADMIN_EMAIL);
    const response = await t.app.inject({ method: 'GET', url: '/api/app-settings', headers: bearer(token) });
    expect(response.json()).toEqual({ hubPassword: 'hub-secret-1', mailTransport: 'outbox', isGoogleEnabled: false });
  });

  it('gives null when no hub password is configured', async () => {
    t = await createTestApp();
    const token = await register(t.app, ADMIN_EMAIL);
    expect((await t.app.inject({ method: 'GET', url: '/api/app-settings', headers: bearer(token) })).json().hubPassword).toBeNull();
  });
});
