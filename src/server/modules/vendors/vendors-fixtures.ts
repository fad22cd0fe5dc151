import { expect } from 'vitest';
import { test } from '#server/testing/fixtures';

export const GONE = {
  message: 'This vendor no longer exists. It may have been deleted by someone else.',
  code: 'not-found',
};

export const acme = {
  vendorId: 'acme1234',
  name: 'Acme Lists',
  emails: ['lists@acme.test'],
  defaultUtmSource: 'acme',
  emailProspectingKey: 'EK-1',
  textProspectingKey: null,
};

export const it = test
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
