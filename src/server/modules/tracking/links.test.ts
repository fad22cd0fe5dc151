import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { VENDOR_PAGE_TITLE } from '#shared/email/compose';
import { hashToken } from '#server/auth/tokens';
import { deploymentTracking } from '#server/db/schema';
import { bearer } from '#server/testing/test-app';
import { seedVendors, sendBodyFor, vendorPageLinkIn } from '#server/testing/send-fixtures';
import { mailTo, tokenOf, trackingTest as it, vendorCall } from '#server/testing/tracking-fixtures';
import { VENDOR_LINK_LIFETIME_MS } from '../sends';

describe('the personal vendor link (issue 14 item 1)', () => {
  it('gives each vendor its own link on PUBLIC_URL, stored only as a hash, valid 60 days', async ({ t, app, sent }) => {
    const links = Object.values(sent.links);
    expect(links).toHaveLength(3);
    for (const link of links) expect(link).toMatch(new RegExp(`^${t.config.publicUrl}/vendor#[A-Za-z0-9_-]{43}$`));
    expect(new Set(links).size).toBe(3);
    // 32 random bytes.
    expect(Buffer.from(tokenOf(links[0]!), 'base64url')).toHaveLength(32);

    const rows = await t.database.db
      .select()
      .from(deploymentTracking)
      .where(eq(deploymentTracking.sendId, sent.sendId));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const token = tokenOf(sent.links[row.vendorId]!);
      expect(row.tokenHash).toBe(hashToken(token));
      expect(JSON.stringify(row)).not.toContain(token);
      expect(row.linkExpiresAt!.getTime() - row.createdAt.getTime()).toBe(VENDOR_LINK_LIFETIME_MS);
      expect(row.status).toBe('sent');
    }
    // The link opens that delivery's page, and only it.
    const page = await vendorCall(app, tokenOf(sent.links.bravo5678!), 'GET', '/api/vendor-page');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.json().content.vendorName).toBe('Bravo Data');
    expect(page.body).toContain('BRAVO-EMAIL-KEY');
    for (const other of [
      'ACME-EMAIL-KEY',
      'CARTA-EMAIL-KEY',
      'utm_source=acme',
      'utm_source=carta',
      'ops@acme.test',
      'hello@carta.test',
    ]) {
      expect(page.body).not.toContain(other);
    }
  });

  it("shows only what the vendor's message carried: its terms as sent, never its cost sheet or split", async ({
    app,
    admin,
    smtp,
  }) => {
    await seedVendors(app, admin);
    // Acme has figures for every pricing model and a 60/40 split; the send is CPD, so its message carries the CPD terms only.
    const costs = {
      vendorId: 'acme1234',
      costPerDonor: 3.5,
      cpdBudget: 2000,
      costPerAcquisition: 41.25,
      cpaBudget: 777,
      costPerThousand: 23.75,
      cpmBudget: 1234,
    };
    expect(
      (await app.inject({ method: 'POST', url: '/api/vendor-costs', headers: bearer(admin), payload: costs }))
        .statusCode,
    ).toBeLessThan(300);
    const send = await app.inject({
      method: 'POST',
      url: '/api/send-email-consolidated',
      headers: bearer(admin),
      payload: sendBodyFor(['acme1234'], { pricingModel: 'CPD' }) as object,
    });
    expect(send.statusCode, send.body).toBe(200);
    const [mail] = await mailTo(smtp, 'ops@acme.test');
    const link = vendorPageLinkIn(mail?.text);
    expect(link).not.toBeNull();

    const page = await vendorCall(app, tokenOf(link!), 'GET', '/api/vendor-page');
    expect(page.statusCode).toBe(200);
    const { content } = page.json();
    expect(Object.keys(content).sort()).toEqual([
      'approvalEmails',
      'attachments',
      'cards',
      'clientName',
      'pricingModel',
      'subject',
      'terms',
      'vendorName',
    ]);
    expect(content.terms).toEqual({
      label: 'CPD',
      items: [
        { label: 'Cost per donor', value: '$3.50' },
        { label: 'CPD budget', value: '$2,000' },
      ],
    });
    // The message said exactly these terms, and nothing of the other models or the split.
    for (const item of content.terms.items) expect(mail!.text).toContain(item.value);
    for (const absent of [
      'costs',
      'split',
      'costPerThousand',
      'cpmBudget',
      'costPerAcquisition',
      'cpaBudget',
      '23.75',
      '1234',
      '1,234',
      '41.25',
      '777',
      '60/40',
    ]) {
      expect(page.body).not.toContain(absent);
      expect(mail!.text).not.toContain(absent);
    }
    // The answer after an action is the same view.
    const acted = await vendorCall(app, tokenOf(link!), 'POST', '/api/vendor-page/actions', { action: 'received' });
    expect(acted.statusCode).toBe(200);
    expect(acted.json().content).toEqual(content);
    // The team's figures still come from the terms kept with the delivery.
    const board = (await app.inject({ method: 'GET', url: '/api/tracking', headers: bearer(admin) })).json();
    expect(board.items).toEqual([
      expect.objectContaining({
        vendorId: 'acme1234',
        terms: 'CPD: Cost per donor: $3.50, CPD budget: $2,000',
        spend: { planned: 2000, actual: null },
      }),
    ]);
  });

  it('stops working after 60 days with a clear message', async ({ t, app, sent }) => {
    const token = tokenOf(sent.links.acme1234!);
    t.clock.advance(VENDOR_LINK_LIFETIME_MS - 60_000);
    expect((await vendorCall(app, token, 'GET', '/api/vendor-page')).statusCode).toBe(200);
    t.clock.advance(60_000);
    const expired = await vendorCall(app, token, 'GET', '/api/vendor-page');
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(
      /^This link expired on May 9, 2026\. Please ask your account manager for a new one\.$/,
    );
    const acting = await vendorCall(app, token, 'POST', '/api/vendor-page/actions', { action: 'received' });
    expect(acting.statusCode).toBe(410);
  });

  it('can be turned off by the team at once, recorded in the audit trail', async ({ app, admin, sent }) => {
    const token = tokenOf(sent.links.carta9012!);
    const revoke = await app.inject({
      method: 'POST',
      url: `/api/email-logs/${sent.sendId}/deliveries/carta9012/revoke-link`,
      headers: bearer(admin),
    });
    expect(revoke.statusCode).toBe(200);
    const gone = await vendorCall(app, token, 'GET', '/api/vendor-page');
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toMatch(/turned off by the agency/);
    // The other vendors' links still work; a second revoke changes nothing.
    expect((await vendorCall(app, tokenOf(sent.links.acme1234!), 'GET', '/api/vendor-page')).statusCode).toBe(200);
    // The log entry says so, for its Deployment Details.
    const entry = (
      await app.inject({ method: 'GET', url: `/api/email-logs/${sent.sendId}`, headers: bearer(admin) })
    ).json();
    const links = Object.fromEntries(
      entry.deliveries.map((delivery: { vendorId: string; vendorLink: unknown }) => [
        delivery.vendorId,
        delivery.vendorLink,
      ]),
    );
    expect(links.carta9012).toEqual({ expiresAt: expect.any(String), revokedAt: revoke.json().revokedAt });
    expect(links.acme1234).toEqual({ expiresAt: expect.any(String), revokedAt: null });
    const again = await app.inject({
      method: 'POST',
      url: `/api/email-logs/${sent.sendId}/deliveries/carta9012/revoke-link`,
      headers: bearer(admin),
    });
    expect(again.json()).toEqual(revoke.json());
    const audit = (await app.inject({ method: 'GET', url: '/api/audit-log', headers: bearer(admin) })).json();
    expect(audit.entries.filter((entry: { action: string }) => entry.action === 'tracking.link-revoked')).toEqual([
      expect.objectContaining({ actorEmail: 'admin@agency.test', entity: 'deployment-tracking' }),
    ]);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/email-logs/${sent.sendId}/deliveries/nosuch12/revoke-link`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: `/api/email-logs/${sent.sendId}/deliveries/carta9012/revoke-link` }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses a missing, malformed or unknown link with 401 and a message', async ({ app, sent }) => {
    const known = tokenOf(sent.links.acme1234!);
    for (const token of [null, 'short', `${known.slice(0, -1)}${known.endsWith('A') ? 'B' : 'A'}`]) {
      const response = await vendorCall(app, token, 'GET', '/api/vendor-page');
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toMatch(/^This link is not valid\./);
    }
  });

  describe('with VENDOR_LINKS=off', () => {
    it.override('env', ({ dataDir, smtp }) => ({
      DATA_DIR: dataDir,
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: smtp.url,
      VENDOR_LINKS: 'off',
    }));

    it('leaves the link out of every message and keeps no token', async ({ t, app, admin, member, smtp, sent }) => {
      expect(sent.links).toEqual({ acme1234: null, bravo5678: null, carta9012: null });
      const [mail] = await mailTo(smtp, 'team@bravo.test');
      expect(mail!.text).not.toContain(VENDOR_PAGE_TITLE);
      expect(mail!.html).not.toContain('/vendor#');
      const rows = await t.database.db
        .select()
        .from(deploymentTracking)
        .where(eq(deploymentTracking.sendId, sent.sendId));
      expect(rows.map((row) => [row.status, row.tokenHash, row.linkExpiresAt])).toEqual([
        ['sent', null, null],
        ['sent', null, null],
        ['sent', null, null],
      ]);
      const revoke = await app.inject({
        method: 'POST',
        url: `/api/email-logs/${sent.sendId}/deliveries/acme1234/revoke-link`,
        headers: bearer(admin),
      });
      expect(revoke.statusCode).toBe(409);
      const entry = (
        await app.inject({ method: 'GET', url: `/api/email-logs/${sent.sendId}`, headers: bearer(member) })
      ).json();
      expect(entry.deliveries.map((delivery: { vendorLink: unknown }) => delivery.vendorLink)).toEqual([
        null,
        null,
        null,
      ]);
    });
  });
});
