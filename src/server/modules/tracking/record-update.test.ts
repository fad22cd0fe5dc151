import { describe, expect } from 'vitest';
import { bearer } from '#server/testing/test-app';
import { trackingTest as it, tokenOf, vendorCall } from '#server/testing/tracking-fixtures';
import { ACTIONS, recordUrl, SCHEDULE } from './record-update-fixtures';

describe("'Record an update': the team reports a vendor action on its behalf", () => {
  it('applies every action as the vendor page does, by the team in the history, under the user in the audit trail', async ({
    app,
    admin,
    sent,
  }) => {
    const record = (vendorId: string, payload: unknown) =>
      app.inject({
        method: 'POST',
        url: recordUrl(sent.sendId, vendorId),
        headers: { ...bearer(admin), 'user-agent': 'TeamBrowser/9.1' },
        payload: payload as object,
      });

    expect((await record('acme1234', { action: 'received' })).json()).toEqual({
      tracking: expect.objectContaining({ status: 'received', receivedAt: expect.any(String) }),
    });
    expect((await record('acme1234', SCHEDULE)).json().tracking).toMatchObject({
      status: 'scheduled',
      scheduledDate: '2026-03-20',
      scheduledTime: '09:30',
      segment: 'Spring donors',
      plannedQuantity: 40000,
    });
    expect((await record('acme1234', { action: 'seed-test-sent' })).json().tracking).toMatchObject({
      status: 'seed-test-sent',
      seedTestSentAt: expect.any(String),
    });
    expect(
      (await record('acme1234', { action: 'note', text: 'Vendor wrote: seed went out.' })).json().tracking,
    ).toMatchObject({ status: 'seed-test-sent', note: 'Vendor wrote: seed went out.' });
    const deployed = await record('acme1234', { action: 'deployed', date: '2026-03-10', quantity: 40000 });
    expect(deployed.statusCode).toBe(200);
    expect(deployed.json().tracking).toMatchObject({
      status: 'deployed',
      deployedDate: '2026-03-10',
      deployedQuantity: 40000,
    });
    const cannot = await record('bravo5678', { action: 'cannot-deploy', reason: 'List paused until April' });
    expect(cannot.json().tracking).toMatchObject({
      status: 'cannot-deploy',
      cannotDeployReason: 'List paused until April',
    });

    // The same rules as the vendor's own actions: nothing but a note or a corrected report after 'Deployed'.
    const late = await record('acme1234', { action: 'cannot-deploy', reason: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This deployment is already reported as deployed.');

    // The vendor sees the team's lines in its history; the vendor's own actions mix in as before.
    const acmeToken = tokenOf(sent.links.acme1234!);
    await vendorCall(app, acmeToken, 'POST', ACTIONS, { action: 'note', text: 'Thanks!' });
    const page = (await vendorCall(app, acmeToken, 'GET', '/api/vendor-page')).json();
    expect(page.tracking).toMatchObject({ status: 'deployed', deployedQuantity: 40000, note: 'Thanks!' });
    expect(page.history.map((event: { by: string; summary: string }) => [event.by, event.summary])).toEqual([
      ['team', 'Received'],
      ['team', 'Scheduled for 2026-03-20 09:30 (New York time), Spring donors, 40,000 planned'],
      ['team', 'Seed test sent to the approval addresses'],
      ['team', 'Note: Vendor wrote: seed went out.'],
      ['team', 'Deployed on 2026-03-10, 40,000 sent'],
      ['vendor', 'Note: Thanks!'],
    ]);

    // The log entry and the board show the new statuses.
    const entry = (
      await app.inject({ method: 'GET', url: `/api/email-logs/${sent.sendId}`, headers: bearer(admin) })
    ).json();
    const statusOf = (vendorId: string) =>
      entry.deliveries.find((delivery: { vendorId: string }) => delivery.vendorId === vendorId).tracking.status;
    expect([statusOf('acme1234'), statusOf('bravo5678'), statusOf('carta9012')]).toEqual([
      'deployed',
      'cannot-deploy',
      'sent',
    ]);
    const board = (await app.inject({ method: 'GET', url: '/api/tracking', headers: bearer(admin) })).json();
    expect(board.items.find((item: { vendorId: string }) => item.vendorId === 'acme1234').tracking.status).toBe(
      'deployed',
    );

    // Audited under the team member, with IP and user agent.
    const audit = (await app.inject({ method: 'GET', url: '/api/audit-log?limit=50', headers: bearer(admin) })).json();
    const entries = audit.entries.filter(
      (candidate: { entity: string; actorEmail: string }) =>
        candidate.entity === 'deployment-tracking' && candidate.actorEmail === 'admin@agency.test',
    );
    expect(entries.map((candidate: { action: string }) => candidate.action).sort()).toEqual(
      [
        'tracking.cannot-deploy',
        'tracking.deployed',
        'tracking.note',
        'tracking.received',
        'tracking.scheduled',
        'tracking.seed-test-sent',
      ].sort(),
    );
    for (const candidate of entries) {
      expect(candidate).toMatchObject({ actorUserId: expect.any(Number), at: expect.any(String) });
      expect(candidate.after).toMatchObject({
        ip: '127.0.0.1',
        userAgent: 'TeamBrowser/9.1',
        summary: expect.any(String),
      });
    }
    expect(
      entries.find((candidate: { action: string }) => candidate.action === 'tracking.cannot-deploy'),
    ).toMatchObject({
      before: { status: 'sent' },
      after: { status: 'cannot-deploy', cannotDeployReason: 'List paused until April' },
    });
  });

  it('refuses a deployment dated before the send was mailed, as the vendor page does, and saves nothing', async ({
    app,
    admin,
    sent,
  }) => {
    const before = await app.inject({
      method: 'POST',
      url: recordUrl(sent.sendId, 'acme1234'),
      headers: bearer(admin),
      payload: { action: 'deployed', date: '2000-01-01', quantity: 1000000000 },
    });
    expect(before.statusCode).toBe(422);
    expect(before.json()).toEqual({
      message: 'The deployment date 2000-01-01 is before this send was mailed (Mar 10, 2026).',
      code: 'unprocessable',
    });
    const page = (await vendorCall(app, tokenOf(sent.links.acme1234!), 'GET', '/api/vendor-page')).json();
    expect(page.tracking).toMatchObject({ status: 'sent', deployedDate: null, deployedQuantity: null });
    expect(page.history).toEqual([]);
    // The day it was mailed is fine.
    const sameDay = await app.inject({
      method: 'POST',
      url: recordUrl(sent.sendId, 'acme1234'),
      headers: bearer(admin),
      payload: { action: 'deployed', date: '2026-03-10', quantity: 40000 },
    });
    expect(sameDay.statusCode).toBe(200);
  });
});
