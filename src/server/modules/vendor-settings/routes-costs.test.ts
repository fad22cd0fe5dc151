import { describe, expect } from 'vitest';
import { it, NO_COSTS } from './vendor-settings-fixtures';

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
      expect(response.json()).toEqual({ message, field, code: 'invalid-request' });
      expect(await list('/api/vendor-costs')).toEqual([
        { vendorId: 'acme1234', ...NO_COSTS, costPerDonor: 1, cpmBudget: 2 },
      ]);
      expect(await settingEntries()).toHaveLength(1);
    },
  );

  it('rejects costs without a vendorId', async ({ member, call }) => {
    const response = await call('POST', '/api/vendor-costs', member, { costPerDonor: 1 });
    expect(response.json()).toEqual({ message: 'vendorId is required', field: 'vendorId', code: 'invalid-request' });
  });
});
