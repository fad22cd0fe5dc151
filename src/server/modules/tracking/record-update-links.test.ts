import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { deploymentTracking } from '#server/db/schema';
import { bearer } from '#server/testing/test-app';
import { trackingTest as it, tokenOf, vendorCall } from '#server/testing/tracking-fixtures';
import { ACTIONS, recordUrl, SCHEDULE } from './record-update-fixtures';

describe("'Record an update': the team reports a vendor action on its behalf", () => {
  it('works when the link has expired or was revoked', async ({ t, app, admin, sent }) => {
    const revoke = await app.inject({
      method: 'POST',
      url: `/api/email-logs/${sent.sendId}/deliveries/bravo5678/revoke-link`,
      headers: bearer(admin),
    });
    expect(revoke.statusCode).toBe(200);
    // Acme's link ran out (a session lives shorter than a link, so the row is aged rather than the clock moved on).
    await t.database.db
      .update(deploymentTracking)
      .set({ linkExpiresAt: new Date(t.clock.now().getTime() - 60_000) })
      .where(and(eq(deploymentTracking.sendId, sent.sendId), eq(deploymentTracking.vendorId, 'acme1234')));
    expect(
      (await vendorCall(app, tokenOf(sent.links.acme1234!), 'POST', ACTIONS, { action: 'received' })).statusCode,
    ).toBe(410);
    expect(
      (await vendorCall(app, tokenOf(sent.links.bravo5678!), 'POST', ACTIONS, { action: 'received' })).statusCode,
    ).toBe(410);

    const expired = await app.inject({
      method: 'POST',
      url: recordUrl(sent.sendId, 'acme1234'),
      headers: bearer(admin),
      payload: { action: 'deployed', date: '2026-03-10', quantity: 39000 },
    });
    expect(expired.statusCode).toBe(200);
    expect(expired.json().tracking).toMatchObject({ status: 'deployed', deployedQuantity: 39000 });
    const revoked = await app.inject({
      method: 'POST',
      url: recordUrl(sent.sendId, 'bravo5678'),
      headers: bearer(admin),
      payload: SCHEDULE,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().tracking).toMatchObject({ status: 'scheduled', plannedQuantity: 40000 });
    const entry = (
      await app.inject({ method: 'GET', url: `/api/email-logs/${sent.sendId}`, headers: bearer(admin) })
    ).json();
    expect(
      entry.deliveries
        .map((delivery: { vendorId: string; tracking: { status: string } }) => [
          delivery.vendorId,
          delivery.tracking.status,
        ])
        .sort(),
    ).toEqual([
      ['acme1234', 'deployed'],
      ['bravo5678', 'scheduled'],
      ['carta9012', 'sent'],
    ]);
  });

  describe('with VENDOR_LINKS=off', () => {
    it.override('env', ({ dataDir, smtp }) => ({
      DATA_DIR: dataDir,
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: smtp.url,
      VENDOR_LINKS: 'off',
    }));

    it('records updates for vendors that have no page at all', async ({ app, admin, sent }) => {
      expect(sent.links).toEqual({ acme1234: null, bravo5678: null, carta9012: null });
      const url = recordUrl(sent.sendId, 'carta9012');
      expect(
        (await app.inject({ method: 'POST', url, headers: bearer(admin), payload: { action: 'received' } })).statusCode,
      ).toBe(200);
      const deployed = await app.inject({
        method: 'POST',
        url,
        headers: bearer(admin),
        payload: { action: 'deployed', date: '2026-03-10', quantity: 1200 },
      });
      expect(deployed.statusCode).toBe(200);
      expect(deployed.json().tracking).toMatchObject({
        status: 'deployed',
        deployedDate: '2026-03-10',
        deployedQuantity: 1200,
      });
      const board = (await app.inject({ method: 'GET', url: '/api/tracking', headers: bearer(admin) })).json();
      expect(board.items.find((item: { vendorId: string }) => item.vendorId === 'carta9012').tracking.status).toBe(
        'deployed',
      );
      const audit = (
        await app.inject({ method: 'GET', url: '/api/audit-log?limit=50', headers: bearer(admin) })
      ).json();
      expect(
        audit.entries
          .filter((candidate: { entity: string }) => candidate.entity === 'deployment-tracking')
          .map((candidate: { action: string; actorEmail: string }) => [candidate.action, candidate.actorEmail])
          .sort(),
      ).toEqual([
        ['tracking.deployed', 'admin@agency.test'],
        ['tracking.received', 'admin@agency.test'],
      ]);
    });
  });
});
