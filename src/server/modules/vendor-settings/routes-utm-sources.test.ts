import { describe, expect } from 'vitest';
import { it } from './vendor-settings-fixtures';

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
      expect(response.json()).toEqual({ message, field, code: 'invalid-request' });
      expect(await list('/api/vendor-utm-sources')).toEqual([]);
      expect(await settingEntries()).toEqual([]);
    },
  );
});
