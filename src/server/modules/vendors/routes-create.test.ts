import { describe, expect } from 'vitest';
import { ADMIN_EMAIL } from '#server/testing/test-app';
import { acme, it } from './vendors-fixtures';

describe('GET and POST /api/vendors', () => {
  it('creates a vendor (201 with the vendor) and lists vendors by name', async ({ createVendor, listVendors }) => {
    expect(await listVendors()).toEqual([]);
    expect(await createVendor()).toEqual(acme);
    await createVendor({ ...acme, vendorId: 'zeta0001', name: 'Zeta', emails: [], defaultUtmSource: 'zeta' });
    await createVendor({ ...acme, vendorId: 'beta0001', name: 'Beta' });
    expect((await listVendors()).map((vendor: { name: string }) => vendor.name)).toEqual([
      'Acme Lists',
      'Beta',
      'Zeta',
    ]);
    expect((await listVendors())[0]).toEqual(acme);
  });

  it('trims and lowercases addresses, and stores empty or missing hub keys as null', async ({
    createVendor,
    listVendors,
  }) => {
    const created = await createVendor({
      vendorId: 'mixed0001',
      name: '  Mixed Case  ',
      emails: ['  One@Vendor.TEST ', 'two@vendor.test'],
      defaultUtmSource: ' mixed ',
      emailProspectingKey: '  ',
    });
    expect(created).toEqual({
      vendorId: 'mixed0001',
      name: 'Mixed Case',
      emails: ['one@vendor.test', 'two@vendor.test'],
      defaultUtmSource: 'mixed',
      emailProspectingKey: null,
      textProspectingKey: null,
    });
    expect(await listVendors()).toEqual([created]);
  });

  it('answers 409 for a vendorId that exists, and changes nothing', async ({
    admin,
    call,
    createVendor,
    listVendors,
    auditEntries,
  }) => {
    await createVendor();
    const again = await call('POST', '/api/vendors', admin, { ...acme, name: 'Impostor' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "A vendor with the ID 'acme1234' already exists.", code: 'conflict' });
    expect(await listVendors()).toEqual([acme]);
    expect(await auditEntries()).toHaveLength(1);
  });

  it.for([
    [{ ...acme, vendorId: undefined }, 'vendorId', 'vendorId is required'],
    [{ ...acme, vendorId: 'has space' }, 'vendorId', 'vendorId may hold only letters, digits, - and _'],
    [{ ...acme, vendorId: 'x'.repeat(65) }, 'vendorId', 'vendorId is too long'],
    [{ ...acme, name: undefined }, 'name', 'name is required'],
    [{ ...acme, name: '   ' }, 'name', 'name is required'],
    [{ ...acme, name: 42 }, 'name', 'name must be text'],
    [{ ...acme, emails: 'lists@acme.test' }, 'emails', 'emails must be a list of e-mail addresses'],
    [{ ...acme, emails: ['not-an-address'] }, 'emails.0', 'emails.0 must be a valid e-mail address'],
    [{ ...acme, emails: ['a@acme.test', ' A@ACME.test'] }, 'emails', 'emails must not repeat an address'],
    [{ ...acme, defaultUtmSource: undefined }, 'defaultUtmSource', 'defaultUtmSource is required'],
    [{ ...acme, defaultUtmSource: '' }, 'defaultUtmSource', 'defaultUtmSource is required'],
    [{ ...acme, emailProspectingKey: 7 }, 'emailProspectingKey', 'emailProspectingKey must be text'],
    [{ ...acme, textProspectingKey: 'k'.repeat(501) }, 'textProspectingKey', 'textProspectingKey is too long'],
  ])(
    'rejects a bad body with 400 naming the field and creates nothing (%#)',
    async ([body, field, message], { admin, call, listVendors, auditEntries }) => {
      const response = await call('POST', '/api/vendors', admin, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, field, code: 'invalid-request' });
      expect(await listVendors()).toEqual([]);
      expect(await auditEntries()).toEqual([]);
    },
  );

  it('records the creation in the audit trail', async ({ createVendor, auditEntries }) => {
    await createVendor();
    expect(await auditEntries()).toEqual([
      {
        id: expect.any(Number),
        actorUserId: expect.any(Number),
        actorEmail: ADMIN_EMAIL,
        action: 'create',
        entity: 'vendor',
        entityId: 'acme1234',
        before: null,
        after: acme,
        at: '2026-03-10T15:00:00.000Z',
      },
    ]);
  });
});
