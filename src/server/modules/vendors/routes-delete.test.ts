import { describe, expect } from 'vitest';
import { acme, GONE, it } from './vendors-fixtures';

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
