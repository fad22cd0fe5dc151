import { describe, expect } from 'vitest';
import type { PerformanceReport, RecentPerformance } from '#shared/contracts/performance';
import type { App } from '#server/app';
import { actAsVendor, gift, saveCosts, sendUnder, setQuantityLimit } from '#server/testing/payouts-fixtures';
import { actBlueCsv, importResults } from '#server/testing/results-fixtures';
import { queueDrained, seedVendors } from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';
import { trackingTest as it } from '#server/testing/tracking-fixtures';

const DAY = 86_400_000;

const get = (app: App, url: string, token?: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } });

describe('vendor performance: per vendor, for a client and a period, each figure with its sends', () => {
  it('sends, quantity, net, owed (known and unknown), ROI, costs per donor, on-time rate, per send and per month; the recent figures cached until a contribution changes', async ({
    app,
    admin,
    member,
    smtp,
    t,
  }) => {
    await seedVendors(app, admin);
    await saveCosts(app, admin, 'acme1234', { costPerThousand: 2.5, cpmBudget: 1000 });
    await saveCosts(app, admin, 'bravo5678', { costPerThousand: 4, cpmBudget: 100 });
    // 2026-03-10 in New York: Revshare (Acme 60/40, Bravo 70/30); the next day CPM.
    const revshare = await sendUnder(app, admin, 'Revshare', ['acme1234', 'bravo5678']);
    t.clock.advance(DAY);
    const cpm = await sendUnder(app, admin, 'CPM', ['acme1234', 'bravo5678']);
    // Acme schedules the CPM send for 03-11 and deploys 40,000 on 03-12 (late, within its plan); Bravo reports nothing.
    const act = (action: unknown) => actAsVendor(app, smtp, 'ops@acme.test', action);
    const scheduled = {
      action: 'scheduled',
      date: '2026-03-11',
      time: '18:00',
      segment: 'All',
      plannedQuantity: 50_000,
    };
    expect((await act(scheduled)).statusCode).toBe(200);
    // The vendor's own plan is a claim (decision 0072): the admin's limit is what lets its 40,000 count.
    const limit = await setQuantityLimit(app, admin, 'acme1234', 50_000);
    expect(limit.statusCode, limit.body).toBe(200);
    t.clock.advance(DAY);
    expect((await act({ action: 'deployed', date: '2026-03-12', quantity: 40_000 })).statusCode).toBe(200);
    const imported = await importResults(
      app,
      member,
      actBlueCsv([
        gift('R1', '2026-03-10 12:00:00', '100.00', 'acme', 'a@x.org'),
        gift('R2', '2026-03-10 12:00:00', '50.00', 'bravo', 'b@x.org'),
        gift('C1', '2026-03-11 12:00:00', '30.00', 'acme', 'c@x.org'),
        gift('C2', '2026-03-11 12:00:00', '20.00', 'acme', 'd@x.org'),
      ]),
    );
    expect(imported.json()).toMatchObject({ matched: 4 });

    const answer = await get(app, '/api/vendor-performance?client=goa-victory&from=2026-03-01&to=2026-03-31', member);
    expect(answer.statusCode, answer.body).toBe(200);
    const report: PerformanceReport = answer.json();
    expect(report.vendors.map((vendor) => vendor.vendorId)).toEqual(['acme1234', 'bravo5678']);
    const [acme, bravo] = report.vendors;
    expect(acme).toMatchObject({
      sends: { value: 2, sendIds: [revshare, cpm] },
      contributions: { value: 3, sendIds: [revshare, cpm] },
      quantityDeployed: { value: 40_000, sendIds: [cpm] },
      netCents: { value: 15_000, sendIds: [revshare, cpm] },
      // 60 % of $100 (6,000) and $2.50 per thousand of 40,000 (10,000).
      owedCents: { value: 16_000, sendIds: [revshare, cpm] },
      unknownOwed: { value: 0, sendIds: [] },
      // (15,000 − 16,000) / 16,000 = −6.25 %; 16,000 / 3 donors = 5,333.33.
      roiBasisPoints: { value: -625, sendIds: [revshare, cpm] },
      costPerDonorCents: { value: 5333, sendIds: [revshare, cpm] },
      costPerNewDonorCents: { value: 5333, sendIds: [revshare, cpm] },
      // Deployed 03-12 for 03-11: late.
      onTimeRateBasisPoints: { value: 0, sendIds: [cpm] },
    });
    expect(acme!.points).toEqual([
      {
        sendId: revshare,
        date: '2026-03-10',
        netCents: 10_000,
        owedCents: 6000,
        costPerNewDonorCents: 6000,
        roiBasisPoints: 6667,
      },
      {
        sendId: cpm,
        date: '2026-03-11',
        netCents: 5000,
        owedCents: 10_000,
        costPerNewDonorCents: 5000,
        roiBasisPoints: -5000,
      },
    ]);
    // Bravo's CPM amount is unknown (no quantity): its ratios count only the Revshare send, 70 % of $50.
    expect(bravo).toMatchObject({
      owedCents: { value: 3500, sendIds: [revshare] },
      unknownOwed: { value: 1, sendIds: [cpm] },
      roiBasisPoints: { value: 4286, sendIds: [revshare] },
      costPerNewDonorCents: { value: 3500, sendIds: [revshare] },
      onTimeRateBasisPoints: { value: null, sendIds: [] },
    });
    expect(report.months).toEqual([
      { month: '2026-03', owedCents: 19_500, unknownOwed: 1, netCents: 20_000, sendIds: [revshare, cpm] },
    ]);
    // Another client's period has none of these sends.
    const other = await get(app, '/api/vendor-performance?client=gun-owners&from=2026-03-01&to=2026-03-31', member);
    expect((other.json() as PerformanceReport).vendors).toEqual([]);

    // The last 90 days, for 'Select Vendors': one answer for every vendor, with an ETag. (Once the messages are out: the
    // delivery queue's own writes would drop the kept answer too.)
    await queueDrained(t.database.db);
    const recentUrl = '/api/vendor-performance/recent?client=goa-victory';
    const recent = await get(app, recentUrl, member);
    expect(recent.statusCode, recent.body).toBe(200);
    expect((recent.json() as RecentPerformance).vendors).toEqual([
      { vendorId: 'acme1234', sends: 2, contributions: 3, costPerNewDonorCents: 5333, roiBasisPoints: -625 },
      { vendorId: 'bravo5678', sends: 2, contributions: 1, costPerNewDonorCents: 3500, roiBasisPoints: 4286 },
    ]);
    const etag = recent.headers.etag as string;
    expect((await get(app, recentUrl, member, { 'if-none-match': etag })).statusCode).toBe(304);
    // A new contribution drops the kept answer at once: $40 more to Acme's CPM send from a new donor.
    await importResults(app, member, actBlueCsv([gift('C3', '2026-03-11 13:00:00', '40.00', 'acme', 'e@x.org')]));
    const after = await get(app, recentUrl, member, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    // (19,000 − 16,000) / 16,000 = 18.75 %; 16,000 / 4 new donors.
    expect((after.json() as RecentPerformance).vendors[0]).toEqual({
      vendorId: 'acme1234',
      sends: 2,
      contributions: 4,
      costPerNewDonorCents: 4000,
      roiBasisPoints: 1875,
    });
    // So does a quantity recorded for Bravo's CPM send ('Record an update'): its amount becomes known.
    const recorded = await app.inject({
      method: 'POST',
      url: `/api/email-logs/${cpm}/deliveries/bravo5678/tracking`,
      headers: bearer(admin),
      payload: { action: 'deployed', date: '2026-03-11', quantity: 1000 },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const bravoNow = ((await get(app, recentUrl, member)).json() as RecentPerformance).vendors[1];
    // $4 per thousand of 1,000 (400) joins the 3,500: (5,000 − 3,900) / 3,900 = 28.21 %.
    expect(bravoNow).toEqual({
      vendorId: 'bravo5678',
      sends: 2,
      contributions: 1,
      costPerNewDonorCents: 3900,
      roiBasisPoints: 2821,
    });
  });

  it('anyone signed in reads; anonymous is refused; a bad client or period is a 400 naming what to fix', async ({
    app,
    admin,
    member,
  }) => {
    for (const url of [
      '/api/vendor-performance?client=goa-victory',
      '/api/vendor-performance/recent?client=goa-victory',
    ]) {
      const anonymous = await get(app, url);
      expect([url, anonymous.statusCode, anonymous.json().message]).toEqual([url, 401, 'Unauthorized']);
      expect((await get(app, url, member)).statusCode).toBe(200);
      expect((await get(app, url, admin)).statusCode).toBe(200);
    }
    const unknown = await get(app, '/api/vendor-performance/recent?client=nobody', member);
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'client is not a known client']);
    const backwards = await get(
      app,
      '/api/vendor-performance?client=goa-victory&from=2026-04-01&to=2026-03-01',
      member,
    );
    expect([backwards.statusCode, backwards.json().message]).toEqual([400, 'from must be on or before to']);
    const badDate = await get(app, '/api/vendor-performance?client=goa-victory&from=March', member);
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toMatch(/from/);
  });
});
