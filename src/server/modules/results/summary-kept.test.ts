import { expect } from 'vitest';
import { test } from '#server/testing/fixtures';
import { actBlueCsv, addResultCode, importResults, refcodeRow, sendTo } from '#server/testing/results-fixtures';
import { seedVendors, VENDORS } from '#server/testing/send-fixtures';
import type { App } from '#server/app';
import { bearer } from '#server/testing/test-app';

async function summaryOf(app: App, token: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/results/summary?client=goa-victory&from=2026-03-01&to=2026-03-31',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as {
    vendors: { vendorId: string; name: string; contributions: number }[];
    totals: { contributions: number };
  };
  return {
    total: body.totals.contributions,
    vendors: Object.fromEntries(
      body.vendors.map((vendor) => [vendor.vendorId, `${vendor.name}: ${vendor.contributions}`]),
    ),
  };
}

test('the client summary is kept between reads, and never outlives an import, a result code, a vendor’s new name or a deleted import', async ({
  app,
  admin,
}) => {
  await seedVendors(app, admin);
  await sendTo(app, admin, ['acme1234', 'bravo5678']);
  const first = await importResults(
    app,
    admin,
    actBlueCsv([refcodeRow('1', '2026-03-11 09:00:00', '25', 'acme', 'a@x.org')]),
  );
  expect(first.statusCode, first.body).toBe(201);
  const kept = await summaryOf(app, admin);
  expect(kept).toEqual({ total: 1, vendors: { acme1234: 'Acme Leads: 1' } });
  expect(await summaryOf(app, admin)).toEqual(kept);

  // Another import: a row for bravo by its code, and one whose code no vendor has yet.
  const second = await importResults(
    app,
    admin,
    actBlueCsv([
      refcodeRow('2', '2026-03-11 10:00:00', '10', 'bravo', 'b@x.org'),
      refcodeRow('3', '2026-03-11 11:00:00', '5', 'bravo-q3', 'c@x.org'),
    ]),
  );
  expect(second.statusCode, second.body).toBe(201);
  expect(await summaryOf(app, admin)).toEqual({
    total: 2,
    vendors: { acme1234: 'Acme Leads: 1', bravo5678: 'Bravo Data: 1' },
  });

  // An admin adds the unmatched code to bravo: its row is attributed at once.
  const added = await addResultCode(app, admin, 'bravo5678', 'bravo-q3');
  expect(added.statusCode, added.body).toBe(201);
  expect((await summaryOf(app, admin)).vendors.bravo5678).toBe('Bravo Data: 2');

  // The vendor's new name.
  const { vendorId: _vendorId, ...bravo } = VENDORS[1]!;
  const renamed = await app.inject({
    method: 'PUT',
    url: '/api/vendors/bravo5678',
    headers: bearer(admin),
    payload: { ...bravo, name: 'Bravo Lists' },
  });
  expect(renamed.statusCode, renamed.body).toBe(200);
  expect((await summaryOf(app, admin)).vendors.bravo5678).toBe('Bravo Lists: 2');

  // The second import deleted: its rows go from the summary.
  const deleted = await app.inject({
    method: 'DELETE',
    url: `/api/results/imports/${second.json().id}`,
    headers: bearer(admin),
  });
  expect(deleted.statusCode, deleted.body).toBe(204);
  expect(await summaryOf(app, admin)).toEqual(kept);
});
