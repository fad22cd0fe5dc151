import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  actAsVendor,
  gift,
  saveCosts,
  readStatement,
  sendUnder,
  setQuantityLimit,
} from '#server/testing/payouts-fixtures';
import { actBlueCsv, importResults } from '#server/testing/results-fixtures';
import { seedVendors } from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';
import { trackingTest as it } from '#server/testing/tracking-fixtures';

const DAY = 86_400_000;

describe('what each vendor is owed per send, from the terms its message carried', () => {
  it('Revshare, CPD, CPA and CPM (caps, a vendor claim of 1,000,000,000, a recorded one, none at all)', async ({
    app,
    admin,
    member,
    smtp,
    t,
  }) => {
    await seedVendors(app, admin);
    await saveCosts(app, admin, 'acme1234', {
      costPerDonor: 10,
      cpdBudget: 25,
      costPerAcquisition: 40,
      cpaBudget: 1000,
      costPerThousand: 2.5,
      cpmBudget: 1000,
    });
    await saveCosts(app, admin, 'bravo5678', {
      costPerDonor: 12.5,
      cpdBudget: 1000,
      costPerAcquisition: 30,
      cpaBudget: 50,
      costPerThousand: 4,
      cpmBudget: 100,
    });
    await saveCosts(app, admin, 'carta9012', { costPerThousand: 1, cpmBudget: 5000 });
    // One send a day from 2026-03-10 11:00 in New York: each vendor's gifts of that day go to that day's send.
    const revshare = await sendUnder(app, admin, 'Revshare', ['acme1234', 'bravo5678']);
    t.clock.advance(DAY);
    const cpd = await sendUnder(app, admin, 'CPD', ['acme1234', 'bravo5678']);
    t.clock.advance(DAY);
    const cpa = await sendUnder(app, admin, 'CPA', ['acme1234', 'bravo5678']);
    t.clock.advance(DAY);
    const cpm = await sendUnder(app, admin, 'CPM', ['acme1234', 'bravo5678', 'carta9012']);
    // Today's terms are not the ones sent: the statement keeps to the message's.
    await app.inject({
      method: 'POST',
      url: '/api/vendor-splits',
      headers: bearer(admin),
      payload: { vendorId: 'acme1234', splitRatio: '10/90' },
    });

    const imported = await importResults(
      app,
      member,
      actBlueCsv([
        gift('R1', '2026-03-10 12:00:00', '100.01', 'acme', 'a@x.org'),
        gift('R2', '2026-03-10 12:00:00', '10.00', 'bravo', 'b@x.org'),
        gift('R3', '2026-03-10 12:30:00', '20.00', 'bravo', 'b2@x.org', true),
        gift('D1', '2026-03-11 12:00:00', '5', 'acme', 'c@x.org'),
        gift('D2', '2026-03-11 12:00:00', '5', 'acme', 'd@x.org'),
        gift('D3', '2026-03-11 12:00:00', '5', 'acme', 'e@x.org'),
        gift('D4', '2026-03-11 12:00:00', '5', 'bravo', 'f@x.org'),
        gift('D5', '2026-03-11 12:00:00', '5', 'bravo', 'g@x.org'),
        gift('A1', '2026-03-12 12:00:00', '5', 'acme', 'a@x.org'),
        gift('A2', '2026-03-12 12:00:00', '5', 'acme', 'h@x.org'),
        gift('A3', '2026-03-12 12:00:00', '5', 'acme', 'i@x.org'),
        gift('A4', '2026-03-12 12:00:00', '5', 'bravo', 'j@x.org'),
        gift('A5', '2026-03-12 12:00:00', '5', 'bravo', 'k@x.org'),
      ]),
    );
    expect(imported.json()).toMatchObject({ matched: 13 });

    // The CPM send's quantities: Acme claims 1,000,000,000 through its link after planning as much itself (a plan the
    // vendor set is a claim too, decision 0072); Carta's is recorded
    // by the team ('Record an update'); Bravo reports nothing.
    const act = (action: unknown) => actAsVendor(app, smtp, 'ops@acme.test', action);
    const scheduled = await act({
      action: 'scheduled',
      date: '2026-03-13',
      time: '18:00',
      segment: 'House file',
      plannedQuantity: 1_000_000_000,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect((await act({ action: 'deployed', date: '2026-03-13', quantity: 1_000_000_000 })).statusCode).toBe(200);
    const recorded = await app.inject({
      method: 'POST',
      url: `/api/email-logs/${cpm}/deliveries/carta9012/tracking`,
      headers: bearer(admin),
      payload: { action: 'deployed', date: '2026-03-13', quantity: 1_000_000_000 },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);

    // Its own plan lifts nothing: with no limit, none of the claim counts.
    expect((await readStatement(app, member, 'acme1234', '2026-03')).lines.at(-1)).toMatchObject({
      owedCents: 0,
      quantity: 0,
      reportedQuantity: 1_000_000_000,
      flags: ['Needs review'],
    });
    const limit = await setQuantityLimit(app, admin, 'acme1234', 50_000);
    expect(limit.statusCode, limit.body).toBe(200);
    const acme = await readStatement(app, member, 'acme1234', '2026-03');
    expect(acme.status).toBe('open');
    expect(
      acme.lines.map(({ sendId, pricingModel, owedCents, quantity, reportedQuantity, flags }) => ({
        sendId,
        pricingModel,
        owedCents,
        quantity,
        reportedQuantity,
        flags,
      })),
    ).toEqual([
      // 60 % of $100.01 is 6,000.6 cents: 6,001.
      {
        sendId: revshare,
        pricingModel: 'Revshare',
        owedCents: 6001,
        quantity: null,
        reportedQuantity: null,
        flags: [],
      },
      // 3 donors × $10, capped by the $25 budget.
      { sendId: cpd, pricingModel: 'CPD', owedCents: 2500, quantity: null, reportedQuantity: null, flags: [] },
      // 2 new donors × $40 (a@x.org gave before).
      { sendId: cpa, pricingModel: 'CPA', owedCents: 8000, quantity: null, reportedQuantity: null, flags: [] },
      // The claim counts up to the admin's limit of 50,000: $2.50 × 50.
      {
        sendId: cpm,
        pricingModel: 'CPM',
        owedCents: 12_500,
        quantity: 50_000,
        reportedQuantity: 1_000_000_000,
        flags: ['Needs review'],
      },
    ]);
    expect(acme.lines[0]).toMatchObject({
      termsWording: '60/40: vendor 60 %, client 40 %',
      terms: [{ label: 'Split', value: '60/40' }],
      contributions: 1,
      donors: 1,
      newDonors: 1,
      netCents: 10_001,
      client: 'goa-victory',
    });
    expect(acme.owedCents).toBe(6001 + 2500 + 8000 + 12_500);

    const bravo = await readStatement(app, member, 'bravo5678', '2026-03');
    expect(bravo.lines.map((line) => [line.owedCents, line.flags])).toEqual([
      [700, []], // 70 % of the $10 not refunded
      [2500, []], // 2 donors × $12.50
      [5000, []], // 2 new donors × $30 = $60, capped by the $50 budget
      [null, ['Quantity not reported']],
    ]);
    expect(bravo.lines[0]).toMatchObject({ grossCents: 3000, refundedCents: 2000, netCents: 1000, donors: 1 });
    expect([bravo.owedCents, bravo.unknownLines]).toEqual([8200, 1]);

    // Recorded by the team: 1,000,000,000 counts as recorded, $1 per thousand capped by the $5,000 budget.
    const carta = await readStatement(app, member, 'carta9012', '2026-03');
    expect(carta.lines).toMatchObject([{ sendId: cpm, owedCents: 500_000, quantity: 1_000_000_000, flags: [] }]);

    // An admin accepts Acme's claim (the quantity named must be the one reported): it counts, capped by the budget.
    const accept = (token: string, quantity: number) =>
      app.inject({
        method: 'POST',
        url: `/api/statements/quantities/${cpm}/acme1234/accept`,
        headers: bearer(token),
        payload: { quantity },
      });
    expect((await accept(member, 1_000_000_000)).statusCode).toBe(403);
    const stale = await accept(admin, 50_000);
    expect([stale.statusCode, stale.json().message]).toEqual([
      409,
      'The quantity reported is 1000000000, not 50000: reload and accept the quantity reported.',
    ]);
    expect((await accept(admin, 1_000_000_000)).json()).toMatchObject({ quantity: 1_000_000_000 });
    const accepted = await readStatement(app, member, 'acme1234', '2026-03');
    expect(accepted.lines.at(-1)).toMatchObject({ owedCents: 100_000, quantity: 1_000_000_000, flags: [] });
    expect((await accept(admin, 1_000_000_000)).statusCode).toBe(409);
  });

  it("counts a claim without a plan up to the vendor's limit, and shows 'Terms missing' instead of zero", async ({
    app,
    admin,
    smtp,
    t,
    database,
  }) => {
    await seedVendors(app, admin);
    await saveCosts(app, admin, 'bravo5678', { costPerThousand: 4, cpmBudget: 100 });
    const revshare = await sendUnder(app, admin, 'Revshare', ['acme1234']);
    t.clock.advance(DAY);
    const cpm = await sendUnder(app, admin, 'CPM', ['bravo5678']);
    const deployed = await actAsVendor(app, smtp, 'team@bravo.test', {
      action: 'deployed',
      date: '2026-03-11',
      quantity: 30_000,
    });
    expect(deployed.statusCode).toBe(200);
    // No plan and no limit: nothing of the claim counts until an admin accepts it.
    expect((await readStatement(app, admin, 'bravo5678', '2026-03')).lines).toMatchObject([
      { sendId: cpm, owedCents: 0, quantity: 0, reportedQuantity: 30_000, flags: ['Needs review'] },
    ]);
    const limit = await setQuantityLimit(app, admin, 'bravo5678', 20_000);
    expect(limit.json()).toEqual({ vendorId: 'bravo5678', quantityLimit: 20_000 });
    // Up to the limit: $4 × 20.
    expect((await readStatement(app, admin, 'bravo5678', '2026-03')).lines).toMatchObject([
      { owedCents: 8000, quantity: 20_000, flags: ['Needs review'] },
    ]);

    // A message sent before terms were kept with it.
    await database.db.execute(sql`UPDATE email_deliveries SET terms = NULL WHERE log_id = ${revshare}`);
    await importResults(app, admin, actBlueCsv([gift('R1', '2026-03-10 12:00:00', '50', 'acme', 'a@x.org')]));
    const acme = await readStatement(app, admin, 'acme1234', '2026-03');
    expect(acme.lines).toMatchObject([{ sendId: revshare, netCents: 5000, owedCents: null, flags: ['Terms missing'] }]);
    expect([acme.owedCents, acme.unknownLines]).toEqual([0, 1]);
  });
});
