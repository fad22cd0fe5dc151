import { describe, expect } from 'vitest';
import { FAST_DELIVERY, CREATIVE_HTML } from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';
import { tokenOf, trackingTest, vendorCall } from '#server/testing/tracking-fixtures';

const it = trackingTest;
const ACTIONS = '/api/vendor-page/actions';

describe('the vendor page actions (issue 14 item 2)', () => {
  it('saves each action at once, shows it back, and records it with time, IP and user agent', async ({
    app,
    admin,
    sent,
  }) => {
    const token = tokenOf(sent.links.acme1234!);
    const act = (payload: unknown) =>
      vendorCall(app, token, 'POST', ACTIONS, payload, { 'x-forwarded-for': '203.0.113.9' });

    const received = await act({ action: 'received' });
    expect(received.statusCode).toBe(200);
    expect(received.json().tracking).toMatchObject({ status: 'received', receivedAt: expect.any(String) });

    const scheduled = await act({
      action: 'scheduled',
      date: '2026-03-20',
      time: '09:30',
      segment: 'Spring donors',
      plannedQuantity: 40000,
    });
    expect(scheduled.json().tracking).toMatchObject({
      status: 'scheduled',
      scheduledDate: '2026-03-20',
      scheduledTime: '09:30',
      segment: 'Spring donors',
      plannedQuantity: 40000,
    });

    expect((await act({ action: 'seed-test-sent' })).json().tracking).toMatchObject({
      status: 'seed-test-sent',
      seedTestSentAt: expect.any(String),
    });
    expect((await act({ action: 'note', text: 'Seed went to both addresses.' })).json().tracking).toMatchObject({
      status: 'seed-test-sent',
      note: 'Seed went to both addresses.',
    });
    const deployed = await act({ action: 'deployed', date: '2026-03-10', quantity: 39850 });
    expect(deployed.json().tracking).toMatchObject({
      status: 'deployed',
      deployedDate: '2026-03-10',
      deployedQuantity: 39850,
    });
    expect(deployed.json().history.map((event: { by: string; summary: string }) => [event.by, event.summary])).toEqual([
      ['vendor', 'Received'],
      ['vendor', 'Scheduled for 2026-03-20 09:30 (New York time), Spring donors, 40,000 planned'],
      ['vendor', 'Seed test sent to the approval addresses'],
      ['vendor', 'Note: Seed went to both addresses.'],
      ['vendor', 'Deployed on 2026-03-10, 39,850 sent'],
    ]);

    // Read back as it was saved.
    expect((await vendorCall(app, token, 'GET', '/api/vendor-page')).json().tracking.status).toBe('deployed');
    // Nothing but a note or a corrected report after 'Deployed'.
    const late = await act({ action: 'cannot-deploy', reason: 'List retired' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This deployment is already reported as deployed.');

    const audit = (await app.inject({ method: 'GET', url: '/api/audit-log?limit=50', headers: bearer(admin) })).json();
    const entries = audit.entries.filter((entry: { entity: string }) => entry.entity === 'deployment-tracking');
    expect(entries).toHaveLength(5);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorUserId: null, actorEmail: 'vendor:acme1234', at: expect.any(String) });
      expect(entry.after).toMatchObject({
        ip: '127.0.0.1',
        userAgent: 'VendorBrowser/1.0',
        summary: expect.any(String),
      });
    }
    expect(entries.map((entry: { action: string }) => entry.action).sort()).toEqual(
      [
        'tracking.deployed',
        'tracking.note',
        'tracking.received',
        'tracking.scheduled',
        'tracking.seed-test-sent',
      ].sort(),
    );
  });

  it("records 'Cannot deploy' with its reason, time, IP and user agent, shows it back and on the log", async ({
    app,
    admin,
    sent,
  }) => {
    const token = tokenOf(sent.links.carta9012!);
    const refused = await vendorCall(
      app,
      token,
      'POST',
      ACTIONS,
      { action: 'cannot-deploy', reason: 'List paused until April' },
      { 'user-agent': 'CartaPhone/2.3' },
    );
    expect(refused.statusCode).toBe(200);
    expect(refused.json().tracking).toMatchObject({
      status: 'cannot-deploy',
      cannotDeployReason: 'List paused until April',
    });
    expect(refused.json().history).toEqual([
      {
        at: expect.any(String),
        by: 'vendor',
        action: 'cannot-deploy',
        summary: 'Cannot deploy: List paused until April',
      },
    ]);

    const audit = (await app.inject({ method: 'GET', url: '/api/audit-log?limit=50', headers: bearer(admin) })).json();
    const entries = audit.entries.filter((entry: { entity: string }) => entry.entity === 'deployment-tracking');
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'tracking.cannot-deploy',
        actorUserId: null,
        actorEmail: 'vendor:carta9012',
        at: expect.any(String),
        before: expect.objectContaining({ status: 'sent' }),
        after: expect.objectContaining({
          status: 'cannot-deploy',
          cannotDeployReason: 'List paused until April',
          ip: '127.0.0.1',
          userAgent: 'CartaPhone/2.3',
          summary: expect.stringContaining('List paused until April'),
        }),
      }),
    ]);
    expect(Number.isNaN(Date.parse(entries[0].at))).toBe(false);
    const [entry] = (await app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(admin) })).json();
    const carta = entry.deliveries.find((delivery: { vendorId: string }) => delivery.vendorId === 'carta9012');
    expect(carta.tracking).toMatchObject({ status: 'cannot-deploy', cannotDeployReason: 'List paused until April' });
  });

  it("shows each vendor's status on its Deployment Log entry", async ({ app, admin, sent }) => {
    const schedule = {
      action: 'scheduled',
      date: '2026-03-20',
      time: '09:30',
      segment: 'Spring donors',
      plannedQuantity: 40000,
    };
    expect((await vendorCall(app, tokenOf(sent.links.acme1234!), 'POST', ACTIONS, schedule)).statusCode).toBe(200);
    expect(
      (
        await vendorCall(app, tokenOf(sent.links.bravo5678!), 'POST', ACTIONS, {
          action: 'cannot-deploy',
          reason: 'List paused',
        })
      ).statusCode,
    ).toBe(200);
    const [entry] = (await app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(admin) })).json();
    const byVendor = Object.fromEntries(
      entry.deliveries.map((delivery: { vendorId: string; tracking: unknown }) => [
        delivery.vendorId,
        delivery.tracking,
      ]),
    );
    expect(byVendor.acme1234).toMatchObject({
      status: 'scheduled',
      scheduledDate: '2026-03-20',
      scheduledTime: '09:30',
      plannedQuantity: 40000,
    });
    expect(byVendor.bravo5678).toMatchObject({ status: 'cannot-deploy', cannotDeployReason: 'List paused' });
    expect(byVendor.carta9012).toMatchObject({ status: 'sent', receivedAt: null });
  });

  it('refuses bad input with 400 and a message naming the field, and saves nothing', async ({ app, sent }) => {
    const token = tokenOf(sent.links.bravo5678!);
    const cases: [unknown, RegExp][] = [
      [{ action: 'launch' }, /^action must be one of received, scheduled/],
      [{}, /^action /],
      [
        { action: 'scheduled', date: '2026-02-30', time: '09:30', segment: 'A', plannedQuantity: 10 },
        /^date must be a real date/,
      ],
      [
        { action: 'scheduled', date: '2026-03-20', time: '25:00', segment: 'A', plannedQuantity: 10 },
        /^time must be a time/,
      ],
      [
        { action: 'scheduled', date: '2026-03-20', time: '09:30', segment: '   ', plannedQuantity: 10 },
        /^segment is required/,
      ],
      [
        { action: 'scheduled', date: '2026-03-20', time: '09:30', segment: 'A', plannedQuantity: 0 },
        /^plannedQuantity must be at least 1/,
      ],
      [
        { action: 'scheduled', date: '2026-03-20', time: '09:30', segment: 'A', plannedQuantity: 1.5 },
        /^plannedQuantity must be a whole number/,
      ],
      [{ action: 'deployed', date: '2026-03-09', quantity: -1 }, /^quantity cannot be negative/],
      [{ action: 'note', text: 'x'.repeat(2001) }, /^text may be at most 2000 characters/],
      [{ action: 'cannot-deploy' }, /^reason is required/],
    ];
    for (const [payload, message] of cases) {
      const response = await vendorCall(app, token, 'POST', ACTIONS, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const future = await vendorCall(app, token, 'POST', ACTIONS, {
      action: 'deployed',
      date: '2026-03-11',
      quantity: 10,
    });
    expect(future.statusCode).toBe(422);
    expect(future.json().message).toBe('The deployment date cannot be in the future.');
    // Checked against the send: nothing deploys before it was mailed (the test clock mails it on March 10, New York).
    const beforeSend = await vendorCall(app, token, 'POST', ACTIONS, {
      action: 'deployed',
      date: '2000-01-01',
      quantity: 1000000000,
    });
    expect(beforeSend.statusCode).toBe(422);
    expect(beforeSend.json()).toEqual({
      message: 'The deployment date 2000-01-01 is before this send was mailed (Mar 10, 2026).',
      code: 'unprocessable',
    });
    const page = (await vendorCall(app, token, 'GET', '/api/vendor-page')).json();
    expect(page.tracking.status).toBe('sent');
    expect(page.history).toEqual([]);
  });

  it('offers the message attachments to download, and nothing else', async ({ app, sent }) => {
    const token = tokenOf(sent.links.carta9012!);
    const page = (await vendorCall(app, token, 'GET', '/api/vendor-page')).json();
    expect(page.content.attachments.map((file: { fileName: string }) => file.fileName)).toEqual([
      'spring-appeal.html',
      'sms-spring.png',
    ]);
    const html = await vendorCall(app, token, 'GET', '/api/vendor-page/attachments/0');
    expect(html.statusCode).toBe(200);
    expect(html.body).toBe(CREATIVE_HTML);
    expect(html.headers['content-disposition']).toMatch(/spring-appeal\.html/);
    expect((await vendorCall(app, token, 'GET', '/api/vendor-page/attachments/2')).statusCode).toBe(404);
    expect((await vendorCall(app, null, 'GET', '/api/vendor-page/attachments/0')).statusCode).toBe(401);
  });

  describe('with a small per-link limit', () => {
    it.override('appDeps', { delivery: FAST_DELIVERY, rateLimits: { vendorPage: { max: 3, windowMs: 60_000 } } });

    it('limits each link on its own, with 429 and Retry-After', async ({ app, sent }) => {
      const token = tokenOf(sent.links.acme1234!);
      for (let i = 0; i < 3; i++)
        expect((await vendorCall(app, token, 'POST', ACTIONS, { action: 'received' })).statusCode).toBe(200);
      const refused = await vendorCall(app, token, 'POST', ACTIONS, { action: 'received' });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json().message).toMatch(/^You can make at most 3 requests with this link in 1 minute\./);
      // Another vendor's link is counted apart.
      expect((await vendorCall(app, tokenOf(sent.links.bravo5678!), 'GET', '/api/vendor-page')).statusCode).toBe(200);
    });
  });
});
