import { describe, expect } from 'vitest';
import { test, type Method } from '#server/testing/fixtures';
import { ADMIN_EMAIL, addAndRegister } from '#server/testing/test-app';

const GONE = { message: 'This vendor no longer exists. It may have been deleted by someone else.' };

const acme = {
  vendorId: 'acme1234',
  name: 'Acme Lists',
  emails: ['lists@acme.test'],
  defaultUtmSource: 'acme',
  emailProspectingKey: 'EK-1',
  textProspectingKey: null,
};

const it = test
  .extend('createVendor', ({ call, admin }) => async (body: object = acme) => {
    const response = await call('POST', '/api/vendors', admin, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  })
  .extend(
    'listVendors',
    ({ call, admin }) =>
      async () =>
        (await call('GET', '/api/vendors', admin)).json(),
  )
  .extend(
    'auditEntries',
    ({ call, admin }) =>
      async () =>
        (await call('GET', '/api/audit-log', admin)).json().entries,
  );

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
    expect(again.json()).toEqual({ message: "A vendor with the ID 'acme1234' already exists." });
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
      expect(response.json()).toEqual({ message, field });
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

describe('PUT /api/vendors/{vendorId}', () => {
  const changes = {
    name: 'Acme Lists Inc',
    emails: ['lists@acme.test', 'Ops@Acme.test'],
    defaultUtmSource: 'acme-inc',
    emailProspectingKey: 'EK-2',
    textProspectingKey: 'TK-1',
  };

  it('replaces the vendor (200 with the vendor) and records before and after', async ({
    t,
    admin,
    call,
    createVendor,
    listVendors,
    auditEntries,
  }) => {
    await createVendor();
    t.clock.advance(60_000);
    const response = await call('PUT', '/api/vendors/acme1234', admin, changes);
    expect(response.statusCode).toBe(200);
    const updated = { vendorId: 'acme1234', ...changes, emails: ['lists@acme.test', 'ops@acme.test'] };
    expect(response.json()).toEqual(updated);
    expect(await listVendors()).toEqual([updated]);
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({
      action: 'update',
      entity: 'vendor',
      entityId: 'acme1234',
      before: acme,
      after: updated,
      at: '2026-03-10T15:01:00.000Z',
    });
  });

  it('clears hub keys sent as null or empty, and records nothing for an edit that changes nothing', async ({
    admin,
    call,
    createVendor,
    auditEntries,
  }) => {
    await createVendor();
    const { vendorId: _vendorId, ...same } = acme;
    expect((await call('PUT', '/api/vendors/acme1234', admin, same)).statusCode).toBe(200);
    expect(await auditEntries()).toHaveLength(1);
    const cleared = await call('PUT', '/api/vendors/acme1234', admin, { ...same, emailProspectingKey: '', emails: [] });
    expect(cleared.json()).toEqual({ ...acme, emailProspectingKey: null, emails: [] });
  });

  it.for([
    [{ ...changes, name: '' }, 'name', 'name is required'],
    [{ ...changes, emails: ['nope'] }, 'emails.0', 'emails.0 must be a valid e-mail address'],
    [{ ...changes, emails: ['a@acme.test', 'a@acme.test'] }, 'emails', 'emails must not repeat an address'],
    [{ ...changes, defaultUtmSource: undefined }, 'defaultUtmSource', 'defaultUtmSource is required'],
    [{ ...changes, textProspectingKey: false }, 'textProspectingKey', 'textProspectingKey must be text'],
  ])(
    'rejects a bad body with 400 naming the field and changes nothing (%#)',
    async ([body, field, message], { admin, call, createVendor, listVendors, auditEntries }) => {
      await createVendor();
      const response = await call('PUT', '/api/vendors/acme1234', admin, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, field });
      expect(await listVendors()).toEqual([acme]);
      expect(await auditEntries()).toHaveLength(1);
    },
  );

  it('rejects a malformed vendorId in the path with 400', async ({ admin, call }) => {
    const response = await call('PUT', `/api/vendors/${encodeURIComponent('bad id!')}`, admin, changes);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('vendorId');
  });

  it('answers 404 for a vendor deleted meanwhile, and does not bring it back', async ({
    admin,
    call,
    createVendor,
    listVendors,
  }) => {
    await createVendor();
    expect((await call('DELETE', '/api/vendors/acme1234', admin)).statusCode).toBe(204);
    const response = await call('PUT', '/api/vendors/acme1234', admin, changes);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(GONE);
    expect(await listVendors()).toEqual([]);
  });

  it('never mixes two concurrent edits: the vendor ends as one of them, whole', async ({
    admin,
    call,
    createVendor,
    listVendors,
    auditEntries,
  }) => {
    await createVendor();
    const edits = Array.from({ length: 8 }, (_, i) => ({
      name: `Name ${i}`,
      emails: [`list${i}@acme.test`],
      defaultUtmSource: `utm${i}`,
      emailProspectingKey: `EK-${i}`,
      textProspectingKey: `TK-${i}`,
    }));
    const responses = await Promise.all(edits.map((edit) => call('PUT', '/api/vendors/acme1234', admin, edit)));
    expect(responses.map((response) => response.statusCode)).toEqual(edits.map(() => 200));
    const [vendor] = await listVendors();
    const { vendorId: _vendorId, ...fields } = vendor;
    expect(edits).toContainEqual(fields);
    // Each edit saw the previous one whole: the audit chain links up without gaps.
    const entries = (await auditEntries()).filter((entry: { action: string }) => entry.action === 'update').reverse();
    expect(entries).toHaveLength(8);
    for (let i = 1; i < entries.length; i++) expect(entries[i].before).toEqual(entries[i - 1].after);
    expect(entries.at(-1).after).toEqual(vendor);
  });
});

describe('DELETE /api/vendors/{vendorId}', () => {
  it('deletes the vendor with its split, UTM override and costs (204), and keeps them in the audit entry', async ({
    t,
    admin,
    call,
    createVendor,
    listVendors,
    auditEntries,
  }) => {
    await createVendor();
    await createVendor({ ...acme, vendorId: 'other0001', name: 'Other' });
    for (const vendorId of ['acme1234', 'other0001']) {
      expect((await call('POST', '/api/vendor-splits', admin, { vendorId, splitRatio: '60/40' })).statusCode).toBe(201);
      expect(
        (await call('POST', '/api/vendor-utm-sources', admin, { vendorId, utmSource: 'override' })).statusCode,
      ).toBe(201);
      expect(
        (await call('POST', '/api/vendor-costs', admin, { vendorId, costPerDonor: 12.5, cpdBudget: 1000 })).statusCode,
      ).toBe(201);
    }
    const response = await call('DELETE', '/api/vendors/acme1234', admin);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expect((await listVendors()).map((vendor: { vendorId: string }) => vendor.vendorId)).toEqual(['other0001']);
    for (const url of ['/api/vendor-splits', '/api/vendor-utm-sources', '/api/vendor-costs']) {
      expect(
        (await call('GET', url, admin)).json().map((row: { vendorId: string }) => row.vendorId),
        url,
      ).toEqual(['other0001']);
    }
    const db = t.database.db;
    expect(await db.query.vendorSplits.findMany()).toHaveLength(1);
    expect(await db.query.vendorUtmSources.findMany()).toHaveLength(1);
    expect(await db.query.vendorCosts.findMany()).toHaveLength(1);

    const [entry] = await auditEntries();
    expect(entry).toMatchObject({
      action: 'delete',
      entity: 'vendor',
      entityId: 'acme1234',
      after: null,
      before: {
        ...acme,
        splitRatio: '60/40',
        utmSource: 'override',
        costs: {
          costPerDonor: 12.5,
          cpdBudget: 1000,
          costPerAcquisition: null,
          cpaBudget: null,
          costPerThousand: null,
          cpmBudget: null,
        },
      },
    });
  });

  it('keeps null settings in the audit entry of a vendor that had none', async ({
    admin,
    call,
    createVendor,
    auditEntries,
  }) => {
    await createVendor();
    await call('DELETE', '/api/vendors/acme1234', admin);
    const [entry] = await auditEntries();
    expect(entry.before).toEqual({ ...acme, splitRatio: null, utmSource: null, costs: null });
  });

  it('answers 404 for a vendor that does not exist (or was deleted by someone else)', async ({
    admin,
    call,
    createVendor,
    auditEntries,
  }) => {
    await createVendor();
    expect((await call('DELETE', '/api/vendors/acme1234', admin)).statusCode).toBe(204);
    const again = await call('DELETE', '/api/vendors/acme1234', admin);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(GONE);
    expect((await call('DELETE', '/api/vendors/never0001', admin)).statusCode).toBe(404);
    expect(await auditEntries()).toHaveLength(2);
  });

  it('leaves no orphan settings when a delete races with edits', async ({
    t,
    admin,
    call,
    createVendor,
    listVendors,
  }) => {
    await createVendor();
    const vendorId = 'acme1234';
    const responses = await Promise.all([
      call('POST', '/api/vendor-splits', admin, { vendorId, splitRatio: '70/30' }),
      call('DELETE', `/api/vendors/${vendorId}`, admin),
      call('POST', '/api/vendor-costs', admin, { vendorId, cpmBudget: 5 }),
      call('POST', '/api/vendor-utm-sources', admin, { vendorId, utmSource: 'late' }),
      call('PUT', `/api/vendors/${vendorId}`, admin, { ...acme, vendorId: undefined, name: 'Late' }),
    ]);
    expect(responses[1]!.statusCode).toBe(204);
    for (const response of [responses[0]!, responses[2]!, responses[3]!, responses[4]!]) {
      expect([200, 201, 404]).toContain(response.statusCode);
      if (response.statusCode === 404) expect(response.json()).toEqual(GONE);
    }
    expect(await listVendors()).toEqual([]);
    const db = t.database.db;
    expect(await db.query.vendorSplits.findMany()).toEqual([]);
    expect(await db.query.vendorUtmSources.findMany()).toEqual([]);
    expect(await db.query.vendorCosts.findMany()).toEqual([]);
  });
});

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
      expect(response.json()).toEqual({ message: 'Admins only' });
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
