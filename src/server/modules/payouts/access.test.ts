import { expect } from 'vitest';
import { actAsVendor, saveCosts, sendUnder } from '#server/testing/payouts-fixtures';
import { seedVendors } from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';
import { trackingTest as test } from '#server/testing/tracking-fixtures';

const DAY = 86_400_000;

test('every payouts route: anonymous 401, a member reads, only an admin finalizes, marks paid, accepts and sets limits; each admin action in the audit trail', async ({
  app,
  admin,
  member,
  smtp,
  t,
}) => {
  await seedVendors(app, admin);
  await saveCosts(app, admin, 'acme1234', { costPerThousand: 2, cpmBudget: 100 });
  const send = await sendUnder(app, admin, 'CPM', ['acme1234']);
  // The vendor reports 5,000 through its link, with no plan and no limit: all of it needs an admin's acceptance.
  const deployed = { action: 'deployed', date: '2026-03-10', quantity: 5000 };
  expect((await actAsVendor(app, smtp, 'ops@acme.test', deployed)).statusCode).toBe(200);
  t.clock.advance(23 * DAY);
  const routes: { method: 'GET' | 'POST' | 'PUT'; url: string; body?: unknown; member: number; admin: number }[] = [
    { method: 'GET', url: '/api/statements?vendorId=acme1234&month=2026-03', member: 200, admin: 200 },
    { method: 'GET', url: '/api/statements/acme1234/2026-03.csv', member: 200, admin: 200 },
    { method: 'GET', url: '/api/vendor-quantity-limits', member: 200, admin: 200 },
    {
      method: 'POST',
      url: `/api/statements/quantities/${send}/acme1234/accept`,
      body: { quantity: 5000 },
      member: 403,
      admin: 200,
    },
    {
      method: 'PUT',
      url: '/api/vendor-quantity-limits/acme1234',
      body: { quantityLimit: 10 },
      member: 403,
      admin: 200,
    },
    { method: 'POST', url: '/api/statements/acme1234/2026-03/finalize', body: {}, member: 403, admin: 200 },
    {
      method: 'POST',
      url: '/api/statements/acme1234/2026-03/paid',
      body: { paidOn: '2026-04-01', reference: 'ACH 77' },
      member: 403,
      admin: 200,
    },
  ];
  for (const route of routes) {
    const call = (token?: string) =>
      app.inject({
        method: route.method,
        url: route.url,
        headers: token ? bearer(token) : {},
        ...(route.body === undefined ? {} : { payload: route.body as object }),
      });
    const anonymous = await call();
    expect([route.url, anonymous.statusCode, anonymous.json().message]).toEqual([route.url, 401, 'Unauthorized']);
    const asMember = await call(member);
    expect([route.url, asMember.statusCode]).toEqual([route.url, route.member]);
    if (route.member === 403) expect(asMember.json()).toEqual({ message: expect.any(String), code: 'forbidden' });
    const asAdmin = await call(admin);
    expect([route.url, asAdmin.statusCode, asAdmin.body]).toEqual([route.url, route.admin, expect.any(String)]);
  }

  const audit = await app.inject({ method: 'GET', url: '/api/audit-log?limit=10', headers: bearer(admin) });
  const entries = (audit.json().entries as { action: string; actorEmail: string; entityId: string; at: string }[])
    .filter((entry) =>
      ['statement-finalized', 'statement-paid', 'vendor-quantity-limit-changed', 'quantity-accepted'].includes(
        entry.action,
      ),
    )
    .map(({ action, actorEmail, entityId, at }) => ({ action, actorEmail, entityId, at }));
  const at = t.clock.now().toISOString();
  expect(entries).toEqual([
    { action: 'statement-paid', actorEmail: 'admin@agency.test', entityId: 'acme1234/2026-03', at },
    { action: 'statement-finalized', actorEmail: 'admin@agency.test', entityId: 'acme1234/2026-03', at },
    { action: 'vendor-quantity-limit-changed', actorEmail: 'admin@agency.test', entityId: 'acme1234', at },
    { action: 'quantity-accepted', actorEmail: 'admin@agency.test', entityId: expect.any(String), at },
  ]);
  // What the admins did shows in the statement: the accepted quantity counts ($2 × 5), and the statement is paid.
  const statement = await app.inject({
    method: 'GET',
    url: '/api/statements?vendorId=acme1234&month=2026-03',
    headers: bearer(member),
  });
  expect(statement.json()).toMatchObject({
    status: 'paid',
    owedCents: 1000,
    lines: [{ quantity: 5000, flags: [] }],
    paid: { paidOn: '2026-04-01', reference: 'ACH 77', by: { email: 'admin@agency.test' } },
  });
});
