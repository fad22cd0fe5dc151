import { describe, expect } from 'vitest';
import { acme, GONE, it } from './vendors-fixtures';

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
      expect(response.json()).toEqual({ message, field, code: 'invalid-request' });
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
