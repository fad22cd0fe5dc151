import { describe, expect } from 'vitest';
import type { TrackingBoard } from '#shared/contracts/tracking';
import { FAST_DELIVERY, sendBodyFor, vendorPageLinkIn } from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';
import { mailTo, tokenOf, trackingTest, vendorCall } from '#server/testing/tracking-fixtures';

const HOUR = 3_600_000;
const ACTIONS = '/api/vendor-page/actions';
const ADDRESS: Record<string, string> = {
  acme1234: 'ops@acme.test',
  bravo5678: 'team@bravo.test',
  carta9012: 'hello@carta.test',
};

const it = trackingTest;
type Item = TrackingBoard['items'][number];
const keyOf = (item: Item) => `${item.sendId} ${item.vendorId}`;

describe('the Tracking board (issue 14 item 3)', () => {
  describe('with at most 3 open and 1 closed deliveries listed', () => {
    it.override('appDeps', { delivery: FAST_DELIVERY, boardLimits: { open: 3, closed: 1 } });

    it("lists every open delivery however old, the most recent closed ones, says what it left out, and each send's expected spend", async ({
      t,
      app,
      admin,
      member,
      smtp,
      sent,
      startApp,
      database,
    }) => {
      const act = async (token: string, payload: unknown) =>
        expect((await vendorCall(app, token, 'POST', ACTIONS, payload)).statusCode).toBe(200);
      const board = async (on = app, query = ''): Promise<TrackingBoard> => {
        const response = await on.inject({ method: 'GET', url: `/api/tracking${query}`, headers: bearer(member) });
        expect(response.statusCode, response.body).toBe(200);
        return response.json();
      };
      // The first send (Revshare): Acme scheduled for yesterday and silent since (overdue), Bravo deployed, Carta cannot.
      await act(tokenOf(sent.links.acme1234!), {
        action: 'scheduled',
        date: '2026-03-09',
        time: '08:00',
        segment: 'Lapsed',
        plannedQuantity: 1200,
      });
      await act(tokenOf(sent.links.bravo5678!), { action: 'deployed', date: '2026-03-10', quantity: 5000 });
      await act(tokenOf(sent.links.carta9012!), { action: 'cannot-deploy', reason: 'List paused' });

      // Two days later, a CPM send to all three.
      for (const [vendorId, costs] of [
        ['acme1234', { costPerThousand: 20, cpmBudget: 100000 }],
        ['bravo5678', { costPerThousand: 10, cpmBudget: 100000 }],
        ['carta9012', { costPerThousand: 30, cpmBudget: 100000 }],
      ] as const) {
        expect(
          (
            await app.inject({
              method: 'POST',
              url: '/api/vendor-costs',
              headers: bearer(admin),
              payload: { vendorId, ...costs },
            })
          ).statusCode,
        ).toBeLessThan(300);
      }
      t.clock.advance(48 * HOUR);
      const send = await app.inject({
        method: 'POST',
        url: '/api/send-email-consolidated',
        headers: bearer(admin),
        payload: sendBodyFor(undefined, { pricingModel: 'CPM' }) as object,
      });
      expect(send.statusCode, send.body).toBe(200);
      const cpmSendId = send.json().id as number;
      const cpmToken = async (vendorId: string) =>
        tokenOf(
          vendorPageLinkIn(
            (await mailTo(smtp, ADDRESS[vendorId]!)).find((mail) => mail.text?.includes('Terms (CPM)'))!.text,
          )!,
        );
      await act(await cpmToken('acme1234'), {
        action: 'scheduled',
        date: '2026-03-20',
        time: '09:30',
        segment: 'All',
        plannedQuantity: 50000,
      });
      const bravo = await cpmToken('bravo5678');
      await act(bravo, {
        action: 'scheduled',
        date: '2026-03-12',
        time: '09:30',
        segment: 'All',
        plannedQuantity: 40000,
      });
      await act(bravo, { action: 'deployed', date: '2026-03-12', quantity: 30000 });
      await act(await cpmToken('carta9012'), {
        action: 'scheduled',
        date: '2026-03-21',
        time: '10:00',
        segment: 'Lapsed',
        plannedQuantity: 10000,
      });

      const all = await board();
      // Open: both sends' (the old overdue one too). Closed: only the most recent, the CPM send's Bravo; the first send's two are counted out.
      expect(all.items.map((item) => [keyOf(item), item.tracking.status, item.isOverdue])).toEqual([
        [`${cpmSendId} acme1234`, 'scheduled', false],
        [`${cpmSendId} bravo5678`, 'deployed', false],
        [`${cpmSendId} carta9012`, 'scheduled', false],
        [`${sent.sendId} acme1234`, 'scheduled', true],
      ]);
      expect(all.truncated).toBe(true);
      expect(all.omitted).toEqual({ open: 0, closed: 2 });

      // Each card carries its send's expected spend, over all of that send's vendors whatever the filter lists:
      // Acme 50,000 x $20 / 1000 = $1,000 planned; Bravo 40,000 x $10 / 1000 = $400 planned, 30,000 -> $300 deployed;
      // Carta 10,000 x $30 / 1000 = $300 planned. Expected: $1,000 + $300 + $300.
      const cpmTotal = { planned: 1700, actual: 300, expected: 1600 };
      const acmeOnly = await board(app, '?vendor=acme1234');
      expect(acmeOnly.items.map((item) => [keyOf(item), item.spend, item.sendSpend])).toEqual([
        [`${cpmSendId} acme1234`, { planned: 1000, actual: null }, cpmTotal],
        [`${sent.sendId} acme1234`, { planned: null, actual: null }, { planned: null, actual: null, expected: null }],
      ]);
      expect(acmeOnly.truncated).toBe(false);
      expect(acmeOnly.omitted).toEqual({ open: 0, closed: 0 });
      expect(
        (await board(app, `?client=goa-victory&vendor=bravo5678`)).items.map((item) => [keyOf(item), item.sendSpend]),
      ).toEqual([[`${cpmSendId} bravo5678`, cpmTotal]]);
      // Bravo's deployed delivery of the first send is closed and older than the one closed delivery listed.
      expect((await board(app, '?vendor=bravo5678')).omitted).toEqual({ open: 0, closed: 1 });

      // The open limit, which only keeps the poll bounded, is said too: newest first, the rest counted.
      const narrow = await startApp({}, database, { boardLimits: { open: 2, closed: 1 } });
      const few = await board(narrow.app);
      expect(few.items.map(keyOf)).toEqual([
        `${cpmSendId} acme1234`,
        `${cpmSendId} bravo5678`,
        `${cpmSendId} carta9012`,
      ]);
      expect(few.omitted).toEqual({ open: 1, closed: 2 });
      expect(few.truncated).toBe(true);
    });
  });

  it('takes the date filter as New York days', async ({ t, app, admin, member, sent }) => {
    const board = async (query: string) => {
      const response = await app.inject({ method: 'GET', url: `/api/tracking${query}`, headers: bearer(member) });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as TrackingBoard).items.map(keyOf);
    };
    const sendTo = async (vendorId: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/send-email-consolidated',
        headers: bearer(admin),
        payload: sendBodyFor([vendorId]) as object,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().id as number;
    };
    // The fixture's send went out at 2026-03-10 15:00 UTC (11:00 in New York). The next at 02:00 UTC on the 11th, still
    // 22:00 on the 10th in New York; the last at 06:00 UTC, 02:00 on the 11th in New York.
    t.clock.advance(11 * HOUR);
    const lateEvening = await sendTo('acme1234');
    t.clock.advance(4 * HOUR);
    const earlyMorning = await sendTo('bravo5678');
    const first = [`${sent.sendId} acme1234`, `${sent.sendId} bravo5678`, `${sent.sendId} carta9012`];

    expect(await board('?from=2026-03-10&to=2026-03-10')).toEqual([`${lateEvening} acme1234`, ...first]);
    expect(await board('?to=2026-03-10')).toEqual([`${lateEvening} acme1234`, ...first]);
    expect(await board('?from=2026-03-11')).toEqual([`${earlyMorning} bravo5678`]);
    expect(await board('?from=2026-03-11&to=2026-03-11')).toEqual([`${earlyMorning} bravo5678`]);
    expect(await board('?to=2026-03-09')).toEqual([]);
  });
});
