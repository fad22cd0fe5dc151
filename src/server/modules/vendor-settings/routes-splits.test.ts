import { describe, expect } from 'vitest';
import { it } from './vendor-settings-fixtures';

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
      expect(response.json()).toEqual({ message, field, code: 'invalid-request' });
      expect(await list('/api/vendor-splits')).toEqual([{ vendorId: 'acme1234', splitRatio: '55/45' }]);
      expect(await settingEntries()).toHaveLength(1);
    },
  );
});
