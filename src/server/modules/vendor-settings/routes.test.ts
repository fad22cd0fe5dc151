import { describe, expect } from 'vitest';
import { test } from '#server/testing/fixtures';
import { ADMIN_EMAIL, bearer } from '#server/testing/test-app';

const GONE = { message: 'This vendor no longer exists. It may have been deleted by someone else.' };
const NO_COSTS = {
  costPerDonor: null,
  cpdBudget: null,
  costPerAcquisition: null,
  cpaBudget: null,
  costPerThousand: null,
  cpmBudget: null,
};

const it = test
  .extend('vendors', { auto: true }, async ({ call, admin }) => {
    for (const vendorId of ['acme1234', 'beta5678']) {
      const body = { vendorId, name: vendorId, emails: [`${vendorId}@vendor.test`], defaultUtmSource: vendorId };
      const created = await call('POST', '/api/vendors', admin, body);
      if (created.statusCode !== 201) throw new Error(created.body);
    }
    return ['acme1234', 'beta5678'];
  })
  .extend(
    'list',
    ({ call, member }) =>
      async (url: string) =>
        (await call('GET', url, member)).json(),
  )
  /** Audit entries about vendor settings, newest first (vendor and user set-up entries left out). */
  .extend('settingEntries', ({ call, admin }) => async () => {
    const { entries } = (await call('GET', '/api/audit-log', admin)).json();
    return entries.filter((entry: { entity: string }) => entry.entity.startsWith('vendor_'));
  });

describe('POST and GET /api/vendor-splits', () => {
  it('upserts one split per vendor: 201 when created, 200 when replaced', async ({ member, call, list }) => {
    expect(await list('/api/vendor-splits')).toEqual([]);
    const created = await call('POST', '/api/vendor-splits', member, { vendorId: 'acme1234', splitRatio: '60/40' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ vendorId: 'acme1234', splitRatio: '60/40' });
    const replaced = await call('POST', '/api/vendor-splits', member, { vendorId: 'acme1234', splitRatio: ' 070/30 ' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toEqual({ vendorId: 'acme1234', splitRatio: '70/30' });
    await call('POST', '/api/vendor-splits', member, { vendorId: 'beta5678', splitRatio: '0/100' });
    expect(await list('/api/vendor-splits')).toEqual([
      { vendorId: 'acme1234', splitRatio: '70/30' },
      { vendorId: 'beta5678', splitRatio: '0/100' },
    ]);
  });

  it.for([
    [{ vendorId: 'acme1234' }, 'splitRatio', 'splitRatio is required'],
    [
      { vendorId: 'acme1234', splitRatio: '60/50' },
      'splitRatio',
      "splitRatio must be two whole numbers that sum to 100, like '60/40'",
    ],
    [
      { vendorId: 'acme1234', splitRatio: '60-40' },
      'splitRatio',
      "splitRatio must be two whole numbers that sum to 100, like '60/40'",
    ],
    [
      { vendorId: 'acme1234', splitRatio: '60.5/39.5' },
      'splitRatio',
      "splitRatio must be two whole numbers that sum to 100, like '60/40'",
    ],
    [
      { vendorId: 'acme1234', splitRatio: '-10/110' },
      'splitRatio',
      "splitRatio must be two whole numbers that sum to 100, like '60/40'",
    ],
    [{ vendorId: 'acme1234', splitRatio: 60 }, 'splitRatio', "splitRatio must be text like '60/40'"],
    [{ splitRatio: '60/40' }, 'vendorId', 'vendorId is required'],
    [{ vendorId: 'acme 1234', splitRatio: '60/40' }, 'vendorId', 'vendorId may hold only letters, digits, - and _'],
  ])(
    'rejects a bad split with 400 naming the field and changes nothing (%#)',
    async ([body, field, message], { member, call, list, settingEntries }) => {
      await call('POST', '/api/vendor-splits', member, { vendorId: 'acme1234', splitRatio: '55/45' });
      const response = await call('POST', '/api/vendor-splits', member, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, field });
      expect(await list('/api/vendor-splits')).toEqual([{ vendorId: 'acme1234', splitRatio: '55/45' }]);
      expect(await settingEntries()).toHaveLength(1);
    },
  );
});

describe('POST and GET /api/vendor-utm-sources', () => {
  it('upserts one override per vendor, trimmed; an empty override is kept as empty text', async ({
    member,
    call,
    list,
  }) => {
    expect(await list('/api/vendor-utm-sources')).toEqual([]);
    const created = await call('POST', '/api/vendor-utm-sources', member, {
      vendorId: 'beta5678',
      utmSource: '  beta_q3 ',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ vendorId: 'beta5678', utmSource: 'beta_q3' });
    const replaced = await call('POST', '/api/vendor-utm-sources', member, { vendorId: 'beta5678', utmSource: '' });
    expect(replaced.statusCode).toBe(200);
    expect(await list('/api/vendor-utm-sources')).toEqual([{ vendorId: 'beta5678', utmSource: '' }]);
  });

  it.for([
    [{ vendorId: 'acme1234' }, 'utmSource', 'utmSource is required'],
    [{ vendorId: 'acme1234', utmSource: null }, 'utmSource', 'utmSource must be text'],
    [{ vendorId: 'acme1234', utmSource: 'u'.repeat(201) }, 'utmSource', 'utmSource is too long'],
    [{ vendorId: '', utmSource: 'x' }, 'vendorId', 'vendorId is required'],
  ])(
    'rejects a bad override with 400 naming the field and changes nothing (%#)',
    async ([body, field, message], { member, call, list, settingEntries }) => {
      const response = await call('POST', '/api/vendor-utm-sources', member, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, field });
      expect(await list('/api/vendor-utm-sources')).toEqual([]);
      expect(await settingEntries()).toEqual([]);
    },
  );
});

describe('POST and GET /api/vendor-costs', () => {
  it('upserts all six figures as JSON numbers or null; missing ones are null', async ({ member, call, list }) => {
    expect(await list('/api/vendor-costs')).toEqual([]);
    const created = await call('POST', '/api/vendor-costs', member, {
      vendorId: 'acme1234',
      costPerDonor: 12.5,
      cpdBudget: 1000,
      costPerThousand: 0,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      vendorId: 'acme1234',
      ...NO_COSTS,
      costPerDonor: 12.5,
      cpdBudget: 1000,
      costPerThousand: 0,
    });

    const all = {
      costPerDonor: 1.1,
      cpdBudget: 2,
      costPerAcquisition: 3.33,
      cpaBudget: 4,
      costPerThousand: 5.55,
      cpmBudget: 999999999.99,
    };
    const replaced = await call('POST', '/api/vendor-costs', member, { vendorId: 'acme1234', ...all });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toEqual({ vendorId: 'acme1234', ...all });

    const emptied = await call('POST', '/api/vendor-costs', member, {
      vendorId: 'acme1234',
      ...NO_COSTS,
      cpmBudget: 10,
    });
    expect(emptied.json()).toEqual({ vendorId: 'acme1234', ...NO_COSTS, cpmBudget: 10 });
    expect(await list('/api/vendor-costs')).toEqual([{ vendorId: 'acme1234', ...NO_COSTS, cpmBudget: 10 }]);
  });

  it('keeps money to the cent', async ({ member, call, list }) => {
    const response = await call('POST', '/api/vendor-costs', member, {
      vendorId: 'acme1234',
      costPerDonor: 0.1 + 0.2,
      cpaBudget: 2.675,
      cpmBudget: 1.004,
    });
    expect(response.json()).toMatchObject({ costPerDonor: 0.3, cpaBudget: 2.68, cpmBudget: 1 });
    expect(await list('/api/vendor-costs')).toEqual([
      { vendorId: 'acme1234', ...NO_COSTS, costPerDonor: 0.3, cpaBudget: 2.68, cpmBudget: 1 },
    ]);
  });

  it.for([
    ['costPerDonor', -0.01, 'costPerDonor must not be negative'],
    ['cpdBudget', '100', 'cpdBudget must be a number or null'],
    ['costPerAcquisition', true, 'costPerAcquisition must be a number or null'],
    ['cpaBudget', 1_000_000_001, 'cpaBudget is too large'],
    ['costPerThousand', -5, 'costPerThousand must not be negative'],
    ['cpmBudget', 'abc', 'cpmBudget must be a number or null'],
  ] as Array<[string, unknown, string]>)(
    'rejects a bad %s with 400 naming the field and changes nothing',
    async ([field, value, message], { member, call, list, settingEntries }) => {
      await call('POST', '/api/vendor-costs', member, { vendorId: 'acme1234', costPerDonor: 1, cpmBudget: 2 });
      const response = await call('POST', '/api/vendor-costs', member, {
        vendorId: 'acme1234',
        ...NO_COSTS,
        [field]: value,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, field });
      expect(await list('/api/vendor-costs')).toEqual([
        { vendorId: 'acme1234', ...NO_COSTS, costPerDonor: 1, cpmBudget: 2 },
      ]);
      expect(await settingEntries()).toHaveLength(1);
    },
  );

  it('rejects costs without a vendorId', async ({ member, call }) => {
    const response = await call('POST', '/api/vendor-costs', member, { costPerDonor: 1 });
    expect(response.json()).toEqual({ message: 'vendorId is required', field: 'vendorId' });
  });
});

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
