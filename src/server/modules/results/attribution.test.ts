import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { attributeRow, type SendToVendor } from '#shared/results/attribution';
import { parseNewYorkDateTime } from '#shared/results/values';
import { test } from '#server/testing/fixtures';
import { actBlueCsv, addResultCode, importResults, sendTo, type ActBlueRow } from '#server/testing/results-fixtures';
import { seedVendors } from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';
import type { Db } from '#server/db/client';

const DAY = 86_400_000;

/** A mixed file: codes in every case and place, campaigns, dates around the window edges, recurring, negative rows. */
function mixedRows(): ActBlueRow[] {
  const codes = ['acme', ' ACME ', 'bravo', 'Carta', 'shared', 'nobody', ''];
  const campaigns = ['', 'fall', 'winter', 'spring'];
  const rows: ActBlueRow[] = [];
  for (let i = 0; i < 160; i++) {
    // From 2026-03-05 to 2026-04-25, at hours that fall on both sides of the sends' times.
    const at = new Date(Date.UTC(2026, 2, 5, 13) + i * 7.7 * 3_600_000 + (i % 3) * 1000);
    const wall = new Date(at.getTime() - 4 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
    const code = codes[i % codes.length]!;
    const viaUrl = i % 5 === 0;
    rows.push({
      'Lineitem ID': `M${i}`,
      Date: wall,
      Amount: i % 17 === 0 ? '-5.00' : `${(i % 9) + 1}.${String(i % 100).padStart(2, '0')}`,
      'Reference Code': viaUrl ? '' : code,
      'Reference Code 2': campaigns[i % campaigns.length]!,
      'Fundraising Page': viaUrl ? `https://secure.actblue.com/donate/goa?refcode=${code.trim()}` : '',
      'Recurrence Number': i % 11 === 0 ? '2' : i % 7 === 0 ? '1' : '',
      'Donor Email': `donor${i % 40}@x.org`,
    });
  }
  // Exactly at the 30-day edge of the first send (2026-03-10 11:00 New York), and one second past it.
  rows.push({ 'Lineitem ID': 'edge-in', Date: '2026-04-09 11:00:00', Amount: '3', 'Reference Code': 'bravo' });
  rows.push({ 'Lineitem ID': 'edge-out', Date: '2026-04-09 11:00:01', Amount: '3', 'Reference Code': 'bravo' });
  return rows;
}

async function storedDecisions(db: Db) {
  const rows = await db.execute<{
    source_id: string;
    vendor_id: string | null;
    send_id: number | null;
    attribution: string;
    contributed_at: string | Date;
    amount_cents: number | string;
    codes: string[];
    campaign: string | null;
    recurrence_number: number | null;
  }>(sql`SELECT source_id, vendor_id, send_id, attribution, contributed_at, amount_cents, codes, campaign,
                recurrence_number FROM contributions ORDER BY source_id`);
  return rows.rows;
}

test('the import, adding a code and changing the window attribute exactly as the shared rule does', async ({
  app,
  admin,
  t,
  database,
}) => {
  await seedVendors(app, admin);
  for (const vendorId of ['acme1234', 'bravo5678']) {
    const added = await app.inject({
      method: 'POST',
      url: `/api/vendors/${vendorId}/result-codes`,
      headers: bearer(admin),
      payload: { code: ' Shared ' },
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  const sends: SendToVendor[] = [];
  const send = async (vendorIds: string[], campaigns: Record<string, string>) => {
    const mailedAt = t.clock.now();
    const sendId = await sendTo(app, admin, vendorIds, campaigns);
    for (const vendorId of vendorIds) {
      sends.push({ sendId, vendorId, mailedAt, campaigns: campaigns[vendorId] ? [campaigns[vendorId]] : [] });
    }
  };
  await send(['acme1234', 'bravo5678'], { acme1234: 'fall' });
  t.clock.advance(5 * DAY);
  await send(['acme1234', 'carta9012'], { acme1234: 'winter' });
  t.clock.advance(5 * DAY);
  await send(['acme1234'], { acme1234: 'fall' });

  const imported = await importResults(app, admin, actBlueCsv(mixedRows()));
  expect(imported.statusCode, imported.body).toBe(201);

  const expectAgreement = async (vendorsByCode: Map<string, string[]>, windowDays: number) => {
    const stored = await storedDecisions(database.db);
    // The file's 10 negative rows are reversals, stored apart (never contributions, never attributed).
    expect(stored).toHaveLength(152);
    const statuses = new Set<string>();
    for (const row of stored) {
      const decision = attributeRow(
        {
          contributedAt: new Date(row.contributed_at),
          amountCents: Number(row.amount_cents),
          codes: row.codes,
          campaign: row.campaign,
          recurrenceNumber: row.recurrence_number,
        },
        { vendorsByCode, sends, windowDays },
      );
      expect(
        { id: row.source_id, vendorId: row.vendor_id, sendId: row.send_id, attribution: row.attribution },
        row.source_id,
      ).toEqual({
        id: row.source_id,
        vendorId: decision.attribution === 'outside-window' || decision.sendId ? decision.vendorId : null,
        sendId: decision.sendId,
        attribution: decision.attribution,
      });
      statuses.add(decision.attribution.replace(/:.*/, ''));
    }
    return statuses;
  };
  const codes = new Map([
    ['acme', ['acme1234']],
    ['bravo', ['bravo5678']],
    ['carta', ['carta9012']],
    ['shared', ['acme1234', 'bravo5678']],
  ]);
  const statuses = await expectAgreement(codes, 30);
  // The file meets every rule.
  expect([...statuses].sort()).toEqual(['ambiguous', 'campaign', 'code', 'not-counted', 'outside-window', 'unmatched']);
  const edge = (await storedDecisions(database.db)).filter((row) => row.source_id.startsWith('edge'));
  expect(edge.map((row) => [row.source_id, row.send_id !== null])).toEqual([
    ['edge-in', true],
    ['edge-out', false],
  ]);

  const unattributed = async () =>
    (
      await app.inject({ method: 'GET', url: '/api/results/unattributed?client=goa-victory', headers: bearer(admin) })
    ).json();
  const before = await unattributed();
  expect(before).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ code: 'nobody', reason: 'unmatched', vendorIds: [] }),
      expect.objectContaining({ code: 'shared', reason: 'ambiguous', vendorIds: ['acme1234', 'bravo5678'] }),
      expect.objectContaining({ code: '', reason: 'unmatched' }),
    ]),
  );

  // An admin gives the unmatched code to a vendor: the stored rows are attributed again at once.
  const added = await addResultCode(app, admin, 'carta9012', 'NOBODY');
  expect(added.json()).toEqual({ vendorId: 'carta9012', utmSource: 'carta', codes: ['nobody'] });
  codes.set('nobody', ['carta9012']);
  await expectAgreement(codes, 30);
  // Its rows are the vendor's now: attributed, or outside the window of carta's one send, never unmatched.
  const after = (await unattributed()) as { code: string; reason: string; vendorIds: string[] }[];
  expect(after.filter((group) => group.code === 'nobody')).toEqual([
    expect.objectContaining({ reason: 'outside-window', vendorIds: ['carta9012'] }),
  ]);

  const settings = await app.inject({
    method: 'PUT',
    url: '/api/results/settings?client=goa-victory',
    headers: bearer(admin),
    payload: { attributionWindowDays: 4 },
  });
  expect(settings.json()).toMatchObject({ attributionWindowDays: 4 });
  await expectAgreement(codes, 4);
  expect(parseNewYorkDateTime('2026-03-10 11:00:00')?.toISOString()).toBe('2026-03-10T15:00:00.000Z');
});

test('deleting an import removes the contributions it owns and their figures; those seen again later stay', async ({
  app,
  admin,
  member,
  database,
}) => {
  await seedVendors(app, admin);
  const sendId = await sendTo(app, admin, ['acme1234']);
  const row = (id: string) => ({
    'Lineitem ID': id,
    Date: '2026-03-11 10:00:00',
    Amount: '10',
    'Reference Code': 'acme',
    'Donor Email': `${id}@x.org`,
  });
  const first = (await importResults(app, admin, actBlueCsv([row('a'), row('b')]))).json().id as number;
  const second = (await importResults(app, admin, actBlueCsv([row('b'), row('c')]))).json().id as number;
  const totals = async () =>
    (await app.inject({ method: 'GET', url: `/api/email-logs/${sendId}/results`, headers: bearer(member) })).json()
      .totals;
  expect(await totals()).toMatchObject({ contributions: 3, grossCents: 3000 });

  expect(
    (await app.inject({ method: 'DELETE', url: `/api/results/imports/${first}`, headers: bearer(member) })).statusCode,
  ).toBe(403);
  const deleted = await app.inject({ method: 'DELETE', url: `/api/results/imports/${first}`, headers: bearer(admin) });
  expect(deleted.statusCode).toBe(204);
  expect(await totals()).toMatchObject({ contributions: 2, grossCents: 2000 });
  const left = await database.db.execute<{ source_id: string }>(sql`SELECT source_id FROM contributions ORDER BY 1`);
  expect(left.rows.map((r) => r.source_id)).toEqual(['b', 'c']);
  const again = await app.inject({ method: 'DELETE', url: `/api/results/imports/${first}`, headers: bearer(admin) });
  expect(again.statusCode).toBe(404);

  expect(
    (await app.inject({ method: 'DELETE', url: `/api/results/imports/${second}`, headers: bearer(admin) })).statusCode,
  ).toBe(204);
  expect(await totals()).toEqual({
    contributions: 0,
    donors: 0,
    newDonors: 0,
    grossCents: 0,
    refundedCents: 0,
    chargebackCents: 0,
    netCents: 0,
  });
  const audit = await database.db.execute<{ action: string }>(
    sql`SELECT action FROM audit_log WHERE entity = 'result-import' ORDER BY id`,
  );
  expect(audit.rows.map((r) => r.action)).toEqual([
    'results-imported',
    'results-imported',
    'results-import-deleted',
    'results-import-deleted',
  ]);
});
