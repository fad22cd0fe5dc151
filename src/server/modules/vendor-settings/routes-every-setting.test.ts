import { describe, expect } from 'vitest';
import { ADMIN_EMAIL, bearer } from '#server/testing/test-app';
import { GONE, it, NO_COSTS } from './vendor-settings-fixtures';

describe('every vendor setting', () => {
  const writes: Array<[string, Record<string, unknown>]> = [
    ['/api/vendor-splits', { splitRatio: '60/40' }],
    ['/api/vendor-utm-sources', { utmSource: 'acme_q3' }],
    ['/api/vendor-costs', { costPerDonor: 5, cpdBudget: 500 }],
  ];

  it('answers 404 for a vendor that does not exist or was deleted meanwhile, and stores nothing', async ({
    t,
    admin,
    member,
    call,
    list,
    settingEntries,
  }) => {
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/vendors/beta5678', headers: bearer(admin) })).statusCode,
    ).toBe(204);
    for (const [url, body] of writes) {
      for (const vendorId of ['beta5678', 'never0000']) {
        const response = await call('POST', url, member, { vendorId, ...body });
        expect(response.statusCode, `${url} ${vendorId}`).toBe(404);
        expect(response.json()).toEqual(GONE);
      }
      expect(await list(url)).toEqual([]);
    }
    expect(await settingEntries()).toEqual([]);
  });

  it('records each change with who, before and after; an unchanged save records nothing', async ({
    t,
    admin,
    member,
    call,
    settingEntries,
  }) => {
    t.clock.advance(1000);
    for (const [url, body] of writes) await call('POST', url, member, { vendorId: 'acme1234', ...body });
    t.clock.advance(1000);
    await call('POST', '/api/vendor-splits', admin, { vendorId: 'acme1234', splitRatio: '65/35' });
    await call('POST', '/api/vendor-splits', admin, { vendorId: 'acme1234', splitRatio: '65/35' });
    await call('POST', '/api/vendor-costs', member, { vendorId: 'acme1234', costPerDonor: 5, cpdBudget: 500 });

    const who = { actorEmail: 'member@agency.test', at: '2026-03-10T15:00:01.000Z' };
    expect(await settingEntries()).toEqual([
      expect.objectContaining({
        actorEmail: ADMIN_EMAIL,
        at: '2026-03-10T15:00:02.000Z',
        action: 'update',
        entity: 'vendor_split',
        entityId: 'acme1234',
        before: { vendorId: 'acme1234', splitRatio: '60/40' },
        after: { vendorId: 'acme1234', splitRatio: '65/35' },
      }),
      expect.objectContaining({
        ...who,
        action: 'create',
        entity: 'vendor_costs',
        entityId: 'acme1234',
        before: null,
        after: { vendorId: 'acme1234', ...NO_COSTS, costPerDonor: 5, cpdBudget: 500 },
      }),
      expect.objectContaining({
        ...who,
        action: 'create',
        entity: 'vendor_utm_source',
        before: null,
        after: { vendorId: 'acme1234', utmSource: 'acme_q3' },
      }),
      expect.objectContaining({
        ...who,
        action: 'create',
        entity: 'vendor_split',
        before: null,
        after: { vendorId: 'acme1234', splitRatio: '60/40' },
      }),
    ]);
  });

  it('keeps one row per vendor under concurrent saves, ending on one of the saved values', async ({
    member,
    call,
    list,
  }) => {
    const ratios = ['10/90', '20/80', '30/70', '40/60', '50/50', '60/40'];
    const responses = await Promise.all(
      ratios.map((splitRatio) => call('POST', '/api/vendor-splits', member, { vendorId: 'acme1234', splitRatio })),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(ratios.length - 1);
    const rows = await list('/api/vendor-splits');
    expect(rows).toHaveLength(1);
    expect(ratios).toContain(rows[0].splitRatio);
  });

  it('lets a non-admin read and change splits, UTM overrides and costs', async ({ member, call, list }) => {
    for (const [url, body] of writes) {
      expect((await call('POST', url, member, { vendorId: 'beta5678', ...body })).statusCode, url).toBe(201);
      const rows = await list(url);
      expect(rows, url).toEqual([expect.objectContaining({ vendorId: 'beta5678', ...body })]);
    }
  });

  it('answers 401 to strangers on every call, and changes nothing', async ({ t, call, list }) => {
    for (const [url, body] of writes) {
      for (const method of ['GET', 'POST'] as const) {
        const payload = method === 'POST' ? { vendorId: 'acme1234', ...body } : undefined;
        expect((await call(method, url, 'no-such-token', payload)).statusCode, `${method} ${url}`).toBe(401);
        expect((await t.app.inject({ method, url, payload })).statusCode, `${method} ${url} without a header`).toBe(
          401,
        );
      }
      expect(await list(url)).toEqual([]);
    }
  });
});
