import { test } from '#server/testing/fixtures';

export const GONE = {
  message: 'This vendor no longer exists. It may have been deleted by someone else.',
  code: 'not-found',
};
export const NO_COSTS = {
  costPerDonor: null,
  cpdBudget: null,
  costPerAcquisition: null,
  cpaBudget: null,
  costPerThousand: null,
  cpmBudget: null,
};

export const it = test
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
