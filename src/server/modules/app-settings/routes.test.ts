import { describe, expect } from 'vitest';
import { it } from '#server/testing/fixtures';
import { ADMIN_EMAIL, bearer, register } from '#server/testing/test-app';

describe('GET /api/app-settings', () => {
  it('gives the hub password and mail transport to a signed-in user only', async ({ startApp }) => {
    const t = await startApp({ HUB_PASSWORD: 'hub-secret-1' });
    expect((await t.app.inject({ method: 'GET', url: '/api/app-settings' })).statusCode).toBe(401);
    const token = await register(t.app, ADMIN_EMAIL);
    const response = await t.app.inject({ method: 'GET', url: '/api/app-settings', headers: bearer(token) });
    expect(response.json()).toEqual({
      hubPassword: 'hub-secret-1',
      mailTransport: 'outbox',
      isGoogleEnabled: false,
      hasVendorLinks: true,
      isPublicUrlPrivate: true,
      publicUrl: t.config.publicUrl,
    });
  });

  it('says when links are left out (VENDOR_LINKS=off) and when PUBLIC_URL is public', async ({ startApp }) => {
    const t = await startApp({ PUBLIC_URL: 'https://dispatch.agency.test', VENDOR_LINKS: 'off' });
    const token = await register(t.app, ADMIN_EMAIL);
    const response = await t.app.inject({ method: 'GET', url: '/api/app-settings', headers: bearer(token) });
    expect(response.json()).toMatchObject({
      hasVendorLinks: false,
      isPublicUrlPrivate: false,
      publicUrl: 'https://dispatch.agency.test',
    });
  });

  it('gives null when no hub password is configured', async ({ t, admin: token }) => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/app-settings', headers: bearer(token) })).json().hubPassword,
    ).toBeNull();
  });
});
