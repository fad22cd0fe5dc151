import { describe, expect } from 'vitest';
import { sendBodyFor, vendorPageLinkIn } from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';
import { mailTo, tokenOf, trackingTest, vendorCall } from '#server/testing/tracking-fixtures';

const it = trackingTest;
const ACTIONS = '/api/vendor-page/actions';

describe('expected spend from the terms (issue 14 item 4)', () => {
  it('CPM: planned and actual quantity x CPM / 1000, capped by the budget', async ({
    app,
    admin,
    member,
    smtp,
    sent,
  }) => {
    expect(sent.sendId).toBeGreaterThan(0);
    const costs = await app.inject({
      method: 'POST',
      url: '/api/vendor-costs',
      headers: bearer(admin),
      payload: { vendorId: 'acme1234', costPerThousand: 25, cpmBudget: 1500 },
    });
    expect(costs.statusCode, costs.body).toBeLessThan(300);
    const body = sendBodyFor(['acme1234'], { pricingModel: 'CPM' });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/send-email-consolidated',
          headers: bearer(member),
          payload: body as object,
        })
      ).statusCode,
    ).toBe(200);
    const [mail] = (await mailTo(smtp, 'ops@acme.test')).filter((message) => message.text?.includes('Terms (CPM)'));
    const token = tokenOf(vendorPageLinkIn(mail!.text)!);
    await vendorCall(app, token, 'POST', ACTIONS, {
      action: 'scheduled',
      date: '2026-03-20',
      time: '09:30',
      segment: 'All',
      plannedQuantity: 80000,
    });
    await vendorCall(app, token, 'POST', ACTIONS, { action: 'deployed', date: '2026-03-10', quantity: 39850 });
    const board = (
      await app.inject({ method: 'GET', url: '/api/tracking?vendor=acme1234', headers: bearer(member) })
    ).json();
    const cpm = board.items.find((item: { terms: string }) => item.terms.startsWith('CPM'));
    // 80,000 x $25 / 1000 = $2,000, capped at $1,500; 39,850 x $25 / 1000 = $996.25.
    expect(cpm.spend).toEqual({ planned: 1500, actual: 996.25 });

    // The same figures on the send's Deployment Log entry, per vendor and for the send.
    const entries = (await app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(member) })).json();
    const cpmEntry = entries.find((entry: { pricingModel: string }) => entry.pricingModel === 'CPM');
    expect(
      cpmEntry.deliveries.map((delivery: { vendorId: string; spend: unknown }) => [delivery.vendorId, delivery.spend]),
    ).toEqual([['acme1234', { planned: 1500, actual: 996.25 }]]);
    expect(cpmEntry.spend).toEqual({ planned: 1500, actual: 996.25, expected: 996.25 });
  });

  it("adds up a send's vendors on its log entry: planned and actual, one that cannot deploy left out; Revshare shows no figure", async ({
    app,
    admin,
    member,
    smtp,
    sent,
  }) => {
    for (const [vendorId, costs] of [
      ['acme1234', { costPerThousand: 20, cpmBudget: 100000 }],
      ['bravo5678', { costPerThousand: 10, cpmBudget: 300 }],
      ['carta9012', { costPerThousand: 30, cpmBudget: 100000 }],
    ] as const) {
      const saved = await app.inject({
        method: 'POST',
        url: '/api/vendor-costs',
        headers: bearer(admin),
        payload: { vendorId, ...costs },
      });
      expect(saved.statusCode, saved.body).toBeLessThan(300);
    }
    const body = sendBodyFor(['acme1234', 'bravo5678', 'carta9012'], { pricingModel: 'CPM' });
    const send = await app.inject({
      method: 'POST',
      url: '/api/send-email-consolidated',
      headers: bearer(member),
      payload: body as object,
    });
    expect(send.statusCode, send.body).toBe(200);
    const tokenFor = async (address: string) =>
      tokenOf(
        vendorPageLinkIn((await mailTo(smtp, address)).find((mail) => mail.text?.includes('Terms (CPM)'))!.text)!,
      );
    const act = async (address: string, payload: unknown) =>
      expect((await vendorCall(app, await tokenFor(address), 'POST', ACTIONS, payload)).statusCode).toBe(200);
    await act('ops@acme.test', {
      action: 'scheduled',
      date: '2026-03-20',
      time: '09:30',
      segment: 'All',
      plannedQuantity: 50000,
    });
    await act('ops@acme.test', { action: 'deployed', date: '2026-03-10', quantity: 49000 });
    await act('team@bravo.test', {
      action: 'scheduled',
      date: '2026-03-21',
      time: '10:00',
      segment: 'Lapsed',
      plannedQuantity: 40000,
    });
    await act('hello@carta.test', {
      action: 'scheduled',
      date: '2026-03-21',
      time: '10:00',
      segment: 'Lapsed',
      plannedQuantity: 10000,
    });
    await act('hello@carta.test', { action: 'cannot-deploy', reason: 'List paused' });

    const entries = (await app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(member) })).json();
    const cpmEntry = entries.find((entry: { id: number }) => entry.id === send.json().id);
    // Acme 50,000 x $20 / 1000 = $1,000 planned, 49,000 -> $980 actual; Bravo 40,000 x $10 / 1000 = $400, capped at $300.
    expect(
      Object.fromEntries(
        cpmEntry.deliveries.map((delivery: { vendorId: string; spend: unknown }) => [
          delivery.vendorId,
          delivery.spend,
        ]),
      ),
    ).toEqual({
      acme1234: { planned: 1000, actual: 980 },
      bravo5678: { planned: 300, actual: null },
      carta9012: { planned: 300, actual: null },
    });
    // Carta cannot deploy: its $300 is not counted.
    expect(cpmEntry.spend).toEqual({ planned: 1300, actual: 980, expected: 1280 });

    const revshare = entries.find((entry: { id: number }) => entry.id === sent.sendId);
    expect(revshare.spend).toEqual({ planned: null, actual: null, expected: null });
    expect(revshare.deliveries[0]).toMatchObject({
      spend: { planned: null, actual: null },
      terms: { pricingModel: 'Revshare', items: [{ label: 'Split', value: '60/40' }] },
    });
  });
});
