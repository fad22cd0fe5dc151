import { describe, expect } from 'vitest';
import { bearer } from '#server/testing/test-app';
import { trackingTest as it, tokenOf, vendorCall } from '#server/testing/tracking-fixtures';
import { recordUrl, SCHEDULE } from './record-update-fixtures';

describe("'Record an update': the team reports a vendor action on its behalf", () => {
  it('answers 400 with a clear message for a bad body, 404 for an unknown send or vendor, 401 without a session; nothing changes', async ({
    app,
    admin,
    sent,
  }) => {
    const url = recordUrl(sent.sendId, 'carta9012');
    const cases: [unknown, RegExp][] = [
      [{}, /^action must be one of received, scheduled, seed-test-sent, deployed, note, cannot-deploy/],
      [{ action: 'approved' }, /^action must be one of/],
      [{ action: 'deployed', date: '2026-02-30', quantity: 10 }, /^date must be a real date/],
      [{ action: 'deployed', date: '2026-03-10', quantity: 1.5 }, /^quantity must be a whole number/],
      [{ ...SCHEDULE, plannedQuantity: 0 }, /^plannedQuantity must be at least 1/],
      [{ ...SCHEDULE, time: '9:30am' }, /^time must be a time/],
      [{ action: 'note', text: '   ' }, /^text is required/],
      [{ action: 'cannot-deploy', reason: 'x'.repeat(2001) }, /^reason may be at most 2000 characters/],
    ];
    for (const [payload, message] of cases) {
      const response = await app.inject({ method: 'POST', url, headers: bearer(admin), payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toMatch(message);
    }
    const notJson = await app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '{"action":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toEqual(expect.any(String));

    for (const unknown of [recordUrl(sent.sendId, 'nobody99'), recordUrl(sent.sendId + 1000, 'carta9012')]) {
      const response = await app.inject({
        method: 'POST',
        url: unknown,
        headers: bearer(admin),
        payload: { action: 'received' },
      });
      expect(response.statusCode, unknown).toBe(404);
      expect(response.json().message).toBe('No such message.');
    }
    const anonymous = await app.inject({ method: 'POST', url, payload: { action: 'received' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toEqual(expect.any(String));
    // A vendor's link is not a session.
    const withLink = await vendorCall(app, tokenOf(sent.links.carta9012!), 'POST', url, { action: 'received' });
    expect(withLink.statusCode).toBe(401);

    const entry = (
      await app.inject({ method: 'GET', url: `/api/email-logs/${sent.sendId}`, headers: bearer(admin) })
    ).json();
    expect(
      entry.deliveries.find((delivery: { vendorId: string }) => delivery.vendorId === 'carta9012').tracking.status,
    ).toBe('sent');
    const audit = (await app.inject({ method: 'GET', url: '/api/audit-log?limit=50', headers: bearer(admin) })).json();
    expect(audit.entries.filter((candidate: { entity: string }) => candidate.entity === 'deployment-tracking')).toEqual(
      [],
    );
  });
});
