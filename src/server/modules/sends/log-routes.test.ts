import { describe, expect } from 'vitest';
import { test } from '#server/testing/fixtures';
import { FAST_DELIVERY, seedVendors, sendBodyFor } from '#server/testing/send-fixtures';
import { ADMIN_EMAIL, bearer } from '#server/testing/test-app';

/** An app with its own DATA_DIR and fast delivery; `token` is the admin's, with the vendors already set up. */
const it = test
  .extend('env', ({ dataDir }) => ({ DATA_DIR: dataDir }))
  .extend('appDeps', { delivery: FAST_DELIVERY })
  .extend('token', { auto: true }, async ({ app, admin }) => {
    await seedVendors(app, admin);
    return admin;
  })
  .extend(
    'list',
    ({ t, token }) =>
      (query = '') =>
        t.app.inject({ method: 'GET', url: `/api/email-logs${query}`, headers: bearer(token) }),
  );

describe('GET /api/email-logs', () => {
  it('answers an empty list, then entries newest first with everything the Deployment Log shows', async ({
    t,
    token,
    list,
  }) => {
    expect((await list()).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/email-logs' })).statusCode).toBe(401);

    const first = sendBodyFor(['acme1234', 'bravo5678']);
    await t.app.inject({
      method: 'POST',
      url: '/api/send-email-consolidated',
      headers: bearer(token),
      payload: first as object,
    });
    t.clock.advance(60_000);
    const second = sendBodyFor(['carta9012'], {
      selectedClient: 'heritage-action',
      emailCards: [{ ...sendBodyFor().emailCards![0]!, subject: 'Summer drive' }],
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/send-email-consolidated',
      headers: bearer(token),
      payload: second as object,
    });

    const entries = (await list()).json();
    expect(entries.map((entry: { clientName: string }) => entry.clientName)).toEqual([
      'Heritage Action',
      'GOA Victory',
    ]);
    expect(entries[1]).toEqual({
      id: expect.any(Number),
      sentAt: '2026-03-10T15:00:00.000Z',
      sentBy: ADMIN_EMAIL,
      clientName: 'GOA Victory',
      clientSlug: 'goa-victory',
      vendors: ['Acme Leads', 'Bravo Data'],
      approvalEmails: ['approvals@agency.test', 'legal@agency.test'],
      emailCardCount: 1,
      textCardCount: 1,
      cardDetails: {
        emailCards: [
          {
            subject: 'Stand with us this spring',
            senderName: 'GOA Victory',
            endDate: '2026-04-15',
            filename: 'spring-appeal.html',
            htmlFileKey: expect.stringMatching(/^[0-9a-f]{32}$/),
            csvFileKey: expect.stringMatching(/^[0-9a-f]{32}$/),
          },
        ],
        textCards: [
          {
            senderName: 'GOA',
            endDate: '2026-04-10',
            textContent: 'Spring match ends soon!\nGive today.',
            csvFileKey: expect.stringMatching(/^[0-9a-f]{32}$/),
            imageFileKey: expect.stringMatching(/^[0-9a-f]{32}$/),
            fileName: 'sms-spring.png',
          },
        ],
      },
      subjects: ['New GOA Victory Content', 'Stand with us this spring'],
      deliveries: [
        {
          vendorId: 'acme1234',
          vendorName: 'Acme Leads',
          status: 'sent',
          error: null,
          attempts: 1,
          sentAt: expect.any(String),
          nextAttemptAt: null,
          terms: {
            pricingModel: 'Revshare',
            items: [{ label: 'Split', value: '60/40' }],
            emailProspectingKey: 'ACME-EMAIL-KEY',
            textProspectingKey: 'ACME-TEXT-KEY',
          },
          addedAt: null,
          addedBy: null,
          tracking: expect.objectContaining({ status: 'sent', receivedAt: null }),
          spend: { planned: null, actual: null },
          owed: null,
          vendorLink: { expiresAt: expect.any(String), revokedAt: null },
        },
        {
          vendorId: 'bravo5678',
          vendorName: 'Bravo Data',
          status: 'sent',
          error: null,
          attempts: 1,
          sentAt: expect.any(String),
          nextAttemptAt: null,
          terms: {
            pricingModel: 'Revshare',
            items: [{ label: 'Split', value: '70/30' }],
            emailProspectingKey: 'BRAVO-EMAIL-KEY',
            textProspectingKey: null,
          },
          addedAt: null,
          addedBy: null,
          tracking: expect.objectContaining({ status: 'sent', receivedAt: null }),
          spend: { planned: null, actual: null },
          owed: null,
          vendorLink: { expiresAt: expect.any(String), revokedAt: null },
        },
      ],
      pricingModel: 'Revshare',
      spend: { planned: null, actual: null, expected: null },
      owed: null,
      filesRemovedAt: null,
      remindersEnabled: true,
    });
  });

  it('filters by client, vendor and subject, and validates the query', async ({ t, token, list }) => {
    const goa = sendBodyFor(['acme1234', 'bravo5678']);
    const heritage = sendBodyFor(['carta9012'], {
      selectedClient: 'heritage-action',
      emailCards: [{ ...sendBodyFor().emailCards![0]!, subject: '50% match: Summer_drive' }],
    });
    for (const body of [goa, heritage]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/send-email-consolidated',
        headers: bearer(token),
        payload: body as object,
      });
      expect(response.statusCode).toBe(200);
    }
    const clients = async (query: string) =>
      (await list(query)).json().map((entry: { clientSlug: string }) => entry.clientSlug);
    expect(await clients('?client=heritage-action')).toEqual(['heritage-action']);
    expect(await clients('?client=GOA%20Victory')).toEqual(['goa-victory']);
    expect(await clients('?vendor=bravo5678')).toEqual(['goa-victory']);
    expect(await clients('?vendor=carta%20media')).toEqual(['heritage-action']);
    expect(await clients('?q=summer')).toEqual(['heritage-action']);
    expect(await clients('?q=50%25')).toEqual(['heritage-action']);
    expect(await clients('?q=r_d')).toEqual(['heritage-action']);
    expect(await clients('?q=stand%20with')).toEqual(['goa-victory']);
    expect(await clients('?q=%25')).toEqual(['heritage-action']);
    expect(await clients('?q=content')).toEqual(['heritage-action', 'goa-victory']);
    expect(await clients('?client=goa-victory&vendor=carta9012')).toEqual([]);
    expect(await clients('?limit=1')).toEqual(['heritage-action']);

    const bad = await list('?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('limit must be between 1 and 500');
    expect((await list(`?q=${'x'.repeat(201)}`)).json().message).toBe('q is too long');
  });
});
