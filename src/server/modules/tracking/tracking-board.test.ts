import { describe, expect } from 'vitest';
import { bearer } from '#server/testing/test-app';
import { tokenOf, trackingTest, vendorCall } from '#server/testing/tracking-fixtures';

const it = trackingTest;
const ACTIONS = '/api/vendor-page/actions';

describe('the Tracking board (issue 14 item 3)', () => {
  it('lists every tracked delivery with its status, filtered by client, vendor and date, overdue ones marked', async ({
    app,
    member,
    sent,
  }) => {
    const board = async (query = '') => {
      const response = await app.inject({ method: 'GET', url: `/api/tracking${query}`, headers: bearer(member) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    // Scheduled for yesterday (the test clock's New York date is 2026-03-10) and not deployed: overdue.
    const late = { action: 'scheduled', date: '2026-03-09', time: '08:00', segment: 'Lapsed', plannedQuantity: 1200 };
    expect((await vendorCall(app, tokenOf(sent.links.acme1234!), 'POST', ACTIONS, late)).statusCode).toBe(200);
    const soon = { action: 'scheduled', date: '2026-03-12', time: '08:00', segment: 'Active', plannedQuantity: 900 };
    expect((await vendorCall(app, tokenOf(sent.links.bravo5678!), 'POST', ACTIONS, soon)).statusCode).toBe(200);

    const all = await board();
    expect(all.today).toBe('2026-03-10');
    expect(
      all.items.map((item: { vendorId: string; tracking: { status: string }; isOverdue: boolean }) => [
        item.vendorId,
        item.tracking.status,
        item.isOverdue,
      ]),
    ).toEqual([
      ['acme1234', 'scheduled', true],
      ['bravo5678', 'scheduled', false],
      ['carta9012', 'sent', false],
    ]);
    expect(all.items[0]).toMatchObject({
      sendId: sent.sendId,
      vendorName: 'Acme Leads',
      clientName: 'GOA Victory',
      subject: 'New GOA Victory Content',
    });
    expect(all.items[0]).toMatchObject({
      terms: 'Revshare: Split: 60/40: vendor 60 %, client 40 %',
      spend: { planned: null, actual: null },
    });
    expect((await board('?vendor=Bravo%20Data')).items.map((item: { vendorId: string }) => item.vendorId)).toEqual([
      'bravo5678',
    ]);
    expect((await board('?client=goa-victory')).items).toHaveLength(3);
    expect((await board('?client=heritage-action')).items).toHaveLength(0);
    expect((await board('?from=2026-03-10&to=2026-03-10')).items).toHaveLength(3);
    expect((await board('?from=2026-03-11')).items).toHaveLength(0);
    expect(
      (await app.inject({ method: 'GET', url: '/api/tracking?from=yesterday', headers: bearer(member) })).statusCode,
    ).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/tracking' })).statusCode).toBe(401);
  });
});
