import { describe, expect } from 'vitest';
import type { Method } from '#server/testing/fixtures';
import { addAndRegister } from '#server/testing/test-app';
import { acme, it } from './vendors-fixtures';

describe('authorization', () => {
  const writes: Array<[Method, string, unknown?]> = [
    ['POST', '/api/vendors', { ...acme, vendorId: 'new00001' }],
    ['PUT', '/api/vendors/acme1234', { ...acme, vendorId: undefined, name: 'Hijacked' }],
    ['DELETE', '/api/vendors/acme1234'],
  ];

  it('keeps vendor creation, edits and deletion to admins (403 Admins only) and changes nothing', async ({
    t,
    admin,
    call,
    createVendor,
    listVendors,
    auditEntries,
  }) => {
    await createVendor();
    const member = await addAndRegister(t.app, admin, 'member@agency.test');
    for (const [method, url, payload] of writes) {
      const response = await call(method, url, member, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ message: 'Admins only', code: 'forbidden' });
    }
    // Admin-only comes before validation: a bad body from a member is still 403.
    expect((await call('POST', '/api/vendors', member, {})).statusCode).toBe(403);
    expect(await listVendors()).toEqual([acme]);
    expect(await auditEntries()).toHaveLength(2); // the vendor and the member's address
  });

  it('lets any signed-in user list vendors', async ({ t, admin, call, createVendor }) => {
    await createVendor();
    const member = await addAndRegister(t.app, admin, 'member@agency.test');
    const response = await call('GET', '/api/vendors', member);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([acme]);
  });

  it('answers 401 to strangers on every vendor call', async ({ t, call, createVendor, listVendors }) => {
    await createVendor();
    for (const [method, url, payload] of [['GET', '/api/vendors'] as [Method, string], ...writes]) {
      const response = await call(method, url, 'no-such-token', payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url} without a header`).toBe(401);
    }
    expect(await listVendors()).toEqual([acme]);
  });
});
