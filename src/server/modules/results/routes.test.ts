import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { test } from '#server/testing/fixtures';
import { actBlueCsv, importResults } from '#server/testing/results-fixtures';
import { seedVendors } from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';

const CSV = actBlueCsv([
  {
    'Lineitem ID': 'L1',
    Date: '2026-03-11 10:00:00',
    Amount: '5.00',
    'Reference Code': 'zzz',
    'Donor Email': 'a@x.org',
  },
]);

test('every results route: anonymous 401, a member what any signed-in user may, an admin everything', async ({
  app,
  admin,
  member,
}) => {
  await seedVendors(app, admin);
  const importId = (await importResults(app, admin, CSV)).json().id as number;
  const csv = { 'content-type': 'text/csv' };
  const json = { 'content-type': 'application/json' };
  const routes: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    body?: string;
    headers?: Record<string, string>;
    member: number;
    admin: number;
  }[] = [
    {
      method: 'POST',
      url: '/api/results/imports?client=goa-victory',
      body: CSV,
      headers: csv,
      member: 201,
      admin: 201,
    },
    {
      method: 'POST',
      url: '/api/results/imports/preview?client=goa-victory',
      body: CSV,
      headers: csv,
      member: 200,
      admin: 200,
    },
    { method: 'GET', url: '/api/results/imports?client=goa-victory', member: 200, admin: 200 },
    { method: 'GET', url: '/api/results/settings?client=goa-victory', member: 200, admin: 200 },
    {
      method: 'PUT',
      url: '/api/results/settings?client=goa-victory',
      body: '{"attributionWindowDays":45}',
      headers: json,
      member: 200,
      admin: 200,
    },
    { method: 'GET', url: '/api/results/unattributed?client=goa-victory', member: 200, admin: 200 },
    { method: 'GET', url: '/api/results/summary?client=goa-victory', member: 200, admin: 200 },
    { method: 'GET', url: '/api/vendors/acme1234/result-codes', member: 200, admin: 200 },
    {
      method: 'POST',
      url: '/api/vendors/acme1234/result-codes',
      body: '{"code":"ZZZ"}',
      headers: json,
      member: 403,
      admin: 201,
    },
    { method: 'DELETE', url: '/api/vendors/acme1234/result-codes/zzz', member: 403, admin: 200 },
    {
      method: 'POST',
      url: '/api/results/prior-donors?client=goa-victory',
      body: 'email\na@x.org\n',
      headers: csv,
      member: 403,
      admin: 200,
    },
    { method: 'DELETE', url: '/api/results/prior-donors?client=goa-victory', member: 403, admin: 204 },
    { method: 'DELETE', url: `/api/results/imports/${importId}`, member: 403, admin: 204 },
  ];
  for (const route of routes) {
    const as = (token?: string) =>
      app.inject({
        method: route.method,
        url: route.url,
        headers: { ...route.headers, ...(token ? bearer(token) : {}) },
        ...(route.body === undefined ? {} : { payload: route.body }),
      });
    const anonymous = await as();
    expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
    const byMember = await as(member);
    expect(byMember.statusCode, `${route.method} ${route.url} member: ${byMember.body}`).toBe(route.member);
    if (route.member !== route.admin) {
      const byAdmin = await as(admin);
      expect(byAdmin.statusCode, `${route.method} ${route.url} admin: ${byAdmin.body}`).toBe(route.admin);
    }
  }
  const sendResults = await app.inject({ method: 'GET', url: '/api/email-logs/1/results' });
  expect(sendResults.statusCode).toBe(401);
});

test('no table keeps a donor e-mail address or name after an import and a prior donor file', async ({
  app,
  admin,
  database,
}) => {
  const email = 'Harriet.Quimby@Flyer.example';
  const csv = actBlueCsv([
    {
      'Lineitem ID': 'L1',
      Date: '2026-03-11 10:00:00',
      Amount: '5.00',
      'Donor Email': email,
      'Donor First Name': 'Harriet',
      'Donor Last Name': 'Quimby',
    },
  ]);
  expect((await importResults(app, admin, csv)).statusCode).toBe(201);
  const prior = await app.inject({
    method: 'POST',
    url: '/api/results/prior-donors?client=goa-victory',
    headers: { ...bearer(admin), 'content-type': 'text/csv' },
    payload: `Email\n${email}\nother@x.org\n`,
  });
  expect(prior.json()).toEqual({ priorDonors: 2 });
  const columns = await database.db.execute<{ table_name: string; column_name: string }>(sql`
    SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND data_type IN ('text', 'ARRAY', 'jsonb', 'character varying')`);
  expect(columns.rows.length).toBeGreaterThan(20);
  for (const { table_name: table, column_name: column } of columns.rows) {
    const found = await database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}
           WHERE lower(${sql.identifier(column)}::text) LIKE '%harriet%' OR lower(${sql.identifier(column)}::text) LIKE '%quimby%'`,
    );
    expect(found.rows[0]?.n, `${table}.${column}`).toBe(0);
  }
  // The donor is known by a hash only, the same for the prior donor file: so a prior donor is not a new donor.
  const stored = await database.db.execute<{ donor_hash: string; is_new_donor: boolean }>(
    sql`SELECT donor_hash, is_new_donor FROM contributions`,
  );
  expect(String(stored.rows[0]?.donor_hash)).toMatch(/^-?\d{1,19}$/);
  expect(stored.rows[0]?.is_new_donor).toBe(false);
});
