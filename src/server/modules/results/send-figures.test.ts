import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { test } from '#server/testing/fixtures';
import { actBlueCsv, addResultCode, importResults, refcodeRow, sendTo } from '#server/testing/results-fixtures';
import { seedVendors } from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';
import type { Db } from '#server/db/client';
import { FIGURE_AGGREGATES } from './figures-repository';

const HOUR = 3_600_000;

/** The kept figures of every (send, vendor), and the same counted afresh from the contributions. */
async function keptAndCounted(db: Db) {
  const kept = await db.execute(sql`
    SELECT send_id, vendor_id, client_slug, contributions, donors, new_donors, gross_cents AS gross,
           refunded_cents AS refunded, chargeback_cents AS chargebacks
      FROM send_vendor_figures ORDER BY send_id, vendor_id`);
  const counted = await db.execute(sql`
    SELECT send_id, vendor_id, client_slug, ${FIGURE_AGGREGATES}
      FROM contributions WHERE send_id IS NOT NULL AND vendor_id IS NOT NULL
     GROUP BY send_id, vendor_id, client_slug ORDER BY send_id, vendor_id`);
  const plain = (rows: Record<string, unknown>[]) =>
    rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, String(value)])));
  return { kept: plain(kept.rows), counted: plain(counted.rows) };
}

test('the kept figures of each send and vendor follow every write to the contributions', async ({
  app,
  admin,
  database,
}) => {
  const expectInStep = async (what: string, rowCount?: number) => {
    const { kept, counted } = await keptAndCounted(database.db);
    expect(kept, what).toEqual(counted);
    if (rowCount !== undefined) expect(kept, what).toHaveLength(rowCount);
  };
  await seedVendors(app, admin);
  await sendTo(app, admin, ['acme1234', 'bravo5678']);
  const rows = [
    refcodeRow('1', '2026-03-11 09:00:00', '25', 'acme', 'a@x.org'),
    refcodeRow('2', '2026-03-11 10:00:00', '10', 'acme', 'a@x.org'),
    refcodeRow('3', '2026-03-11 11:00:00', '5', 'bravo', 'b@x.org'),
    refcodeRow('4', '2026-03-11 12:00:00', '7', 'later', 'c@x.org'),
  ];
  const first = await importResults(app, admin, actBlueCsv(rows));
  expect(first.statusCode, first.body).toBe(201);
  await expectInStep('after the import', 2);

  // A later export: one contribution refunded, one more.
  const refunded = rows.map((row) =>
    row['Lineitem ID'] === '3' ? { ...row, 'Refund Date': '2026-03-12 09:00:00' } : row,
  );
  const more = [...refunded, refcodeRow('5', '2026-03-11 13:00:00', '3', 'bravo', 'd@x.org')];
  const second = await importResults(app, admin, actBlueCsv(more));
  expect(second.statusCode, second.body).toBe(201);
  await expectInStep('after a later export with a refund');

  // A code added to a vendor re-attributes the stored rows.
  const added = await addResultCode(app, admin, 'acme1234', 'later');
  expect(added.statusCode, added.body).toBe(201);
  await expectInStep('after a result code was added');
  const acme = (await keptAndCounted(database.db)).kept.find((row) => row.vendor_id === 'acme1234');
  expect(acme).toMatchObject({ contributions: '3', donors: '2' });

  // A shorter window moves rows out of it.
  const window = await app.inject({
    method: 'PUT',
    url: '/api/results/settings?client=goa-victory',
    headers: bearer(admin),
    payload: { attributionWindowDays: 1 },
  });
  expect(window.statusCode, window.body).toBe(200);
  await expectInStep('after the window changed');

  // A prior donor file takes away new donors; deleting it gives them back.
  const prior = await app.inject({
    method: 'POST',
    url: '/api/results/prior-donors?client=goa-victory',
    headers: { ...bearer(admin), 'content-type': 'text/csv' },
    payload: 'a@x.org\n',
  });
  expect(prior.statusCode, prior.body).toBe(200);
  await expectInStep('after a prior donor file');
  const removed = await app.inject({
    method: 'DELETE',
    url: '/api/results/prior-donors?client=goa-victory',
    headers: bearer(admin),
  });
  expect(removed.statusCode, removed.body).toBe(204);
  await expectInStep('after the prior donor file was deleted');

  // Deleting the later import removes what only it had.
  const deleted = await app.inject({
    method: 'DELETE',
    url: `/api/results/imports/${second.json().id}`,
    headers: bearer(admin),
  });
  expect(deleted.statusCode, deleted.body).toBe(204);
  await expectInStep('after the import was deleted', 0);
});

test('the kept figures are one client’s: an import for another client leaves them', async ({
  app,
  admin,
  database,
  t,
}) => {
  await seedVendors(app, admin);
  await sendTo(app, admin, ['acme1234']);
  t.clock.advance(HOUR);
  const rows = [refcodeRow('1', '2026-03-11 09:00:00', '25', 'acme', 'a@x.org')];
  expect((await importResults(app, admin, actBlueCsv(rows))).statusCode).toBe(201);
  expect((await importResults(app, admin, actBlueCsv(rows), 'gun-owners')).statusCode).toBe(201);
  const { kept, counted } = await keptAndCounted(database.db);
  expect(kept).toEqual(counted);
  expect(kept).toEqual([
    expect.objectContaining({ vendor_id: 'acme1234', client_slug: 'goa-victory', contributions: '1' }),
  ]);
});
