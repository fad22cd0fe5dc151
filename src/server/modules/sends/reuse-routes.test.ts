import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { describe, expect } from 'vitest';
import { missingLinkMessage } from '#shared/rules/validation';
import { hashToken } from '#server/auth/tokens';
import { deploymentTracking, emailLogs } from '#server/db/schema';
import { test } from '#server/testing/fixtures';
import { ADMIN_EMAIL, bearer } from '#server/testing/test-app';
import {
  APPROVALS,
  CREATIVE_HTML,
  FAST_DELIVERY,
  HUB_PASSWORD,
  LINKS_CSV,
  PNG_BASE64,
  emailLink,
  seedVendors,
  sendBodyFor,
  vendorPageLinkIn,
} from '#server/testing/send-fixtures';
import { tokenOf } from '#server/testing/tracking-fixtures';
import { VENDOR_LINK_LIFETIME_MS } from '../tracking/links';
import { SEND_IN_PROGRESS_MESSAGE } from '#shared/contracts/sends-reuse';

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.map((entry) => entry.address));

type Delivery = {
  vendorId: string;
  vendorName: string;
  status: string;
  terms: unknown;
  addedAt: string | null;
  addedBy: string | null;
};
type Entry = { id: number; vendors: string[]; pricingModel: string | null; deliveries: Delivery[] };

/** A fourth vendor, whose UTM source the send's CSV does not hold. */
const DELTA = {
  vendorId: 'delta3456',
  name: 'Delta Lists',
  emails: ['desk@delta.test'],
  defaultUtmSource: 'delta',
  emailProspectingKey: 'DELTA-EMAIL-KEY',
  textProspectingKey: null,
};

/** An app mailing through the SMTP sink; the admin has set up the vendors and sent one send to Acme Leads only. */
const it = test
  .extend('env', ({ dataDir, smtp }): Record<string, string> => ({
    DATA_DIR: dataDir,
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: smtp.url,
    HUB_PASSWORD,
  }))
  .extend('appDeps', { delivery: FAST_DELIVERY })
  .extend('token', { auto: true }, async ({ app, admin }) => {
    await seedVendors(app, admin);
    return admin;
  })
  .extend('logId', async ({ call, token }) => {
    const response = await call('POST', '/api/send-email-consolidated', token, sendBodyFor(['acme1234']));
    expect(response.statusCode).toBe(200);
    return response.json().id as number;
  })
  .extend('entry', ({ call, token }) => async (logId: number): Promise<Entry> => {
    const entries: Entry[] = (await call('GET', '/api/email-logs', token)).json();
    return entries.find((candidate) => candidate.id === logId)!;
  })
  .extend(
    'add',
    ({ app, token }) =>
      (logId: number, vendorIds: string[], key?: string) =>
        app.inject({
          method: 'POST',
          url: `/api/email-logs/${logId}/add-vendors`,
          headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
          payload: { vendorIds },
        }),
  )
  .extend('mailTo', ({ smtp }) => async (address: string): Promise<ParsedMail[]> => {
    const parsed = await Promise.all(smtp.received.map((message) => simpleParser(message.raw)));
    return parsed.filter((mail) => addresses(mail.to).includes(address));
  });

describe('POST /api/email-logs/{id}/add-vendors', () => {
  it('mails a new vendor its own message built from the stored cards and files, once per Idempotency-Key, and logs and audits it', async ({
    call,
    token,
    logId,
    entry,
    add,
    mailTo,
    smtp,
  }) => {
    const response = await add(logId, ['carta9012'], 'add-1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: logId,
      added: ['carta9012'],
      mailed: 2,
      pending: 0,
      failed: 0,
      uncertain: 0,
    });

    const [mail, ...others] = await mailTo('hello@carta.test');
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe('New GOA Victory Content');
    expect(addresses(mail!.cc)).toEqual(APPROVALS);
    const text = mail!.text!.replace(/\r\n/g, '\n');
    // Carta's link, found in the stored CSV for both cards, and Carta's keys and terms.
    expect(text).toContain(`Link: ${emailLink('carta')}`);
    expect(text).not.toContain('utm_source=acme');
    expect(text).toContain('Email Prospecting Hub Key: CARTA-EMAIL-KEY');
    expect(text).toContain('Text Prospecting Hub Key: CARTA-TEXT-KEY');
    expect(text).toContain('Split: 50/50');
    expect(text).toContain('Subject line: Stand with us this spring');
    // The stored files themselves, attached again.
    expect(mail!.attachments.map((attachment) => [attachment.filename, attachment.content.toString('base64')])).toEqual(
      [
        ['spring-appeal.html', Buffer.from(CREATIVE_HTML).toString('base64')],
        ['sms-spring.png', PNG_BASE64],
      ],
    );

    // The same request again: the first answer, nobody mailed twice.
    const again = await add(logId, ['carta9012'], 'add-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toMatchObject({ id: logId, added: ['carta9012'] });
    expect(smtp.received).toHaveLength(2);
    // The key used for other vendors, and a vendor who already has the send.
    const reused = await add(logId, ['bravo5678'], 'add-1');
    expect(reused.statusCode).toBe(422);
    const twice = await add(logId, ['carta9012'], 'add-2');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Carta Media already has this send.');
    expect(smtp.received).toHaveLength(2);

    const logged = await entry(logId);
    expect(logged.vendors).toEqual(['Acme Leads', 'Carta Media']);
    expect(logged.deliveries.map(({ vendorId, status, addedBy }) => ({ vendorId, status, addedBy }))).toEqual([
      { vendorId: 'acme1234', status: 'sent', addedBy: null },
      { vendorId: 'carta9012', status: 'sent', addedBy: ADMIN_EMAIL },
    ]);
    expect(logged.deliveries[0]!.addedAt).toBeNull();
    expect(logged.deliveries[1]!.addedAt).toEqual(expect.any(String));

    const audit = (await call('GET', '/api/audit-log', token)).json().entries;
    expect(audit[0]).toMatchObject({
      actorEmail: ADMIN_EMAIL,
      action: 'add-vendors',
      entity: 'email_log',
      entityId: String(logId),
      after: { vendors: [{ vendorId: 'carta9012', vendorName: 'Carta Media' }] },
    });
  });

  it('gives an added vendor its own vendor page link and tracking row, like the vendors of the send', async ({
    t,
    call,
    token,
    logId,
    add,
    mailTo,
  }) => {
    const [acmeMail] = await mailTo('ops@acme.test');
    const acmeLink = vendorPageLinkIn(acmeMail?.text);
    expect(acmeLink).not.toBeNull();
    expect((await add(logId, ['carta9012'])).statusCode).toBe(200);
    const [cartaMail] = await mailTo('hello@carta.test');
    const cartaLink = vendorPageLinkIn(cartaMail?.text);
    expect(cartaLink).toMatch(new RegExp(`^${t.config.publicUrl}/vendor#[A-Za-z0-9_-]{43}$`));
    expect(cartaLink).not.toBe(acmeLink);

    const rows = await t.database.db.select().from(deploymentTracking).where(eq(deploymentTracking.logId, logId));
    const carta = rows.find((row) => row.vendorId === 'carta9012');
    expect(rows.map((row) => row.vendorId).sort()).toEqual(['acme1234', 'carta9012']);
    expect(carta).toMatchObject({ status: 'sent', tokenHash: hashToken(tokenOf(cartaLink!)), linkRevokedAt: null });
    expect(carta!.linkExpiresAt!.getTime() - carta!.createdAt.getTime()).toBe(VENDOR_LINK_LIFETIME_MS);

    // The link opens Carta's own delivery: its keys and link, nothing of Acme's.
    const page = await call('GET', '/api/vendor-page', tokenOf(cartaLink!));
    expect(page.statusCode).toBe(200);
    expect(page.json().content).toMatchObject({
      vendorName: 'Carta Media',
      terms: { label: 'Revshare', items: [{ label: 'Split', value: '50/50' }] },
    });
    expect(page.body).toContain('CARTA-EMAIL-KEY');
    expect(page.body).toContain(emailLink('carta'));
    for (const other of ['ACME-EMAIL-KEY', 'utm_source=acme', 'ops@acme.test']) expect(page.body).not.toContain(other);
    // The team follows it on the board like the others.
    const board = (await call('GET', '/api/tracking', token)).json();
    expect(
      board.items
        .map((item: { vendorId: string; logId: number; tracking: { status: string } }) => [
          item.vendorId,
          item.logId,
          item.tracking.status,
        ])
        .sort(),
    ).toEqual([
      ['acme1234', logId, 'sent'],
      ['carta9012', logId, 'sent'],
    ]);
  });

  it("refuses a vendor whose link is not in the stored CSV with the send page's own message, and previews it with the placeholder", async ({
    call,
    token,
    logId,
    add,
    smtp,
  }) => {
    expect((await call('POST', '/api/vendors', token, DELTA)).statusCode).toBe(201);
    const refused = await add(logId, ['delta3456']);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(missingLinkMessage('Email 1', 'Delta Lists'));

    const preview = await call('POST', `/api/email-logs/${logId}/add-vendors/preview`, token, {
      vendorIds: ['delta3456'],
      vendorId: 'delta3456',
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().problem).toBe(missingLinkMessage('Email 1', 'Delta Lists'));
    expect(preview.json().email.to).toEqual(['desk@delta.test']);
    expect(preview.json().email.text).toContain('Link: [Link not provided]');

    // With Delta's link in the CSV's terms (its UTM source now one the CSV holds), the link is found.
    expect(
      (await call('POST', '/api/vendor-utm-sources', token, { vendorId: 'delta3456', utmSource: 'bravo' })).statusCode,
    ).toBeLessThan(300);
    const found = await call('POST', `/api/email-logs/${logId}/add-vendors/preview`, token, {
      vendorIds: ['delta3456'],
      vendorId: 'delta3456',
    });
    expect(found.json().problem).toBeNull();
    expect(found.json().email.text).toContain(`Link: ${emailLink('bravo')}`);
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps the terms each vendor was sent: a later change to a vendor rewrites nothing, an added vendor gets its terms of now', async ({
    call,
    token,
    logId,
    entry,
    add,
    mailTo,
  }) => {
    expect(
      (await call('POST', '/api/vendor-splits', token, { vendorId: 'acme1234', splitRatio: '80/20' })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '/api/vendor-splits', token, { vendorId: 'bravo5678', splitRatio: '90/10' })).statusCode,
    ).toBe(200);
    expect((await add(logId, ['bravo5678'])).statusCode).toBe(200);

    const logged = await entry(logId);
    expect(logged.pricingModel).toBe('Revshare');
    expect(logged.deliveries.map(({ vendorId, terms }) => ({ vendorId, terms }))).toEqual([
      {
        vendorId: 'acme1234',
        terms: {
          pricingModel: 'Revshare',
          items: [{ label: 'Split', value: '60/40' }],
          emailProspectingKey: 'ACME-EMAIL-KEY',
          textProspectingKey: 'ACME-TEXT-KEY',
        },
      },
      {
        vendorId: 'bravo5678',
        terms: {
          pricingModel: 'Revshare',
          items: [{ label: 'Split', value: '90/10' }],
          emailProspectingKey: 'BRAVO-EMAIL-KEY',
          textProspectingKey: null,
        },
      },
    ]);
    const [bravo] = await mailTo('team@bravo.test');
    expect(bravo!.text).toContain('Split: 90/10');

    // Compared from the two stored messages: terms, each card's link and key.
    const compared = await call('GET', `/api/email-logs/${logId}/compare?a=acme1234&b=bravo5678`, token);
    expect(compared.statusCode).toBe(200);
    expect(compared.json()).toEqual({
      a: { vendorId: 'acme1234', vendorName: 'Acme Leads' },
      b: { vendorId: 'bravo5678', vendorName: 'Bravo Data' },
      rows: [
        { kind: 'terms', section: 'Terms (Revshare)', label: 'Split', a: '60/40', b: '90/10', isSame: false },
        // Acme's text link was given by the send page; Bravo's was read from the stored CSV (its e-mail link).
        { kind: 'link', section: 'Email 1', label: 'Link', a: emailLink('acme'), b: emailLink('bravo'), isSame: false },
        {
          kind: 'key',
          section: 'Email 1',
          label: 'Email Prospecting Hub Key',
          a: 'ACME-EMAIL-KEY',
          b: 'BRAVO-EMAIL-KEY',
          isSame: false,
        },
        {
          kind: 'link',
          section: 'Text 1',
          label: 'Link',
          a: 'https://sms.example/t/spring?utm_source=acme',
          b: emailLink('bravo'),
          isSame: false,
        },
        {
          kind: 'key',
          section: 'Text 1',
          label: 'Text Prospecting Hub Key',
          a: 'ACME-TEXT-KEY',
          b: '[Text key not set]',
          isSame: false,
        },
      ],
    });
    expect((await call('GET', `/api/email-logs/${logId}/compare?a=acme1234&b=acme1234`, token)).statusCode).toBe(400);
    expect((await call('GET', `/api/email-logs/${logId}/compare?a=acme1234&b=carta9012`, token)).statusCode).toBe(404);
  });

  it('mails a vendor once when the same request arrives twice at once', async ({ logId, add, smtp, entry }) => {
    const [first, second] = await Promise.all([
      add(logId, ['carta9012'], 'race-1'),
      add(logId, ['carta9012'], 'race-1'),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.json().added, second.json().added]).toEqual([['carta9012'], ['carta9012']]);
    expect((await entry(logId)).deliveries.map((delivery) => delivery.vendorId)).toEqual(['acme1234', 'carta9012']);
    expect(smtp.received.filter((message) => message.to.includes('hello@carta.test'))).toHaveLength(1);
  });

  it('sends a proof of a vendor being added to the user only', async ({ call, token, logId, smtp, entry }) => {
    const proof = await call('POST', `/api/email-logs/${logId}/add-vendors/proof`, token, {
      vendorIds: ['carta9012'],
      vendorId: 'carta9012',
    });
    expect(proof.statusCode).toBe(200);
    expect(proof.json()).toMatchObject({ status: 'sent', to: ADMIN_EMAIL, vendorId: 'carta9012' });
    const mail = await simpleParser(smtp.received.at(-1)!.raw);
    expect(mail.subject).toBe('[PROOF] New GOA Victory Content');
    expect(addresses(mail.to)).toEqual([ADMIN_EMAIL]);
    expect(mail.text).toContain('CARTA-EMAIL-KEY');
    expect((await entry(logId)).deliveries).toHaveLength(1);
  });

  it('answers 404 for an unknown send and 400 for bad input', async ({ call, token, add }) => {
    expect((await add(999999, ['carta9012'])).statusCode).toBe(404);
    expect((await call('POST', '/api/email-logs/1/add-vendors', token, { vendorIds: [] })).json().message).toBe(
      'vendorIds must name at least one vendor',
    );
    expect(
      (
        await call('POST', '/api/email-logs/1/add-vendors/preview', token, {
          vendorIds: ['carta9012'],
          vendorId: 'acme1234',
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('POST /api/email-logs/{id}/use-as-new-send', () => {
  it("loads the send's client, pricing model, reminders choice, cards with their stored files and vendors as the draft, replacing a draft in progress only when confirmed", async ({
    call,
    token,
  }) => {
    for (const vendorId of ['carta9012', 'acme1234']) {
      expect(
        (await call('POST', '/api/vendor-costs', token, { vendorId, costPerThousand: 12.5, cpmBudget: 5000 }))
          .statusCode,
      ).toBe(201);
    }
    const sent = await call(
      'POST',
      '/api/send-email-consolidated',
      token,
      sendBodyFor(['carta9012', 'acme1234'], {
        pricingModel: 'CPM',
        selectedClient: 'heritage-action',
        sendReminders: false,
      }),
    );
    expect(sent.statusCode).toBe(200);
    const logId = sent.json().id as number;
    // Another send was started meanwhile on the send page.
    expect((await call('PATCH', '/api/prospecting-session', token, { selectedClient: 'goa-victory' })).statusCode).toBe(
      200,
    );

    const refused = await call('POST', `/api/email-logs/${logId}/use-as-new-send`, token, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SEND_IN_PROGRESS_MESSAGE);
    expect((await call('GET', '/api/prospecting-session', token)).json().selectedClient).toBe('goa-victory');

    const used = await call('POST', `/api/email-logs/${logId}/use-as-new-send`, token, { replaceDraft: true });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ cardCount: 2, selectedVendors: ['carta9012', 'acme1234'], missingVendors: [] });

    expect((await call('GET', '/api/prospecting-session', token)).json()).toEqual({
      selectedContentType: 'email',
      selectedClient: 'heritage-action',
      selectedVendors: ['carta9012', 'acme1234'],
      showInitialSelection: false,
      pricingModel: 'CPM',
      // The send went without reminders: so would the new one.
      sendReminders: false,
    });
    const cards = (await call('GET', '/api/prospecting-drafts', token)).json();
    expect(cards).toEqual([
      expect.objectContaining({
        cardId: 'main',
        cardType: 'email',
        htmlSubject: 'Stand with us this spring',
        senderName: 'GOA Victory',
        endDate: '2026-04-15',
        fileName: 'spring-appeal.html',
        fileContent: CREATIVE_HTML,
        csvFileName: 'vendor-links.csv',
        csvContent: LINKS_CSV,
        vendorLinks: expect.objectContaining({ acme1234: emailLink('acme'), carta9012: emailLink('carta') }),
      }),
      expect.objectContaining({
        cardType: 'text',
        textCopy: 'Spring match ends soon!\nGive today.',
        senderName: 'GOA',
        endDate: '2026-04-10',
        imageFileName: 'sms-spring.png',
        imageContent: PNG_BASE64,
        imageContentType: 'image/png',
        // The CSV every card shared stays the page's one global CSV, on the first card.
        csvFileName: null,
        csvContent: null,
      }),
    ]);
  });

  it('leaves out vendors deleted since, and answers 404 for an unknown send', async ({ call, token, logId }) => {
    expect((await call('DELETE', '/api/vendors/acme1234', token)).statusCode).toBe(204);
    const used = await call('POST', `/api/email-logs/${logId}/use-as-new-send`, token, {});
    expect(used.json()).toEqual({ cardCount: 2, selectedVendors: [], missingVendors: ['Acme Leads'] });
    expect((await call('POST', '/api/email-logs/999999/use-as-new-send', token, {})).statusCode).toBe(404);
  });
});

describe('a send whose files are gone', () => {
  it('answers 410 when a stored file is missing from the store, and 409 once retention removed the files', async ({
    t,
    call,
    token,
    logId,
    add,
    dataDir,
    smtp,
  }) => {
    const entries: { id: number; cardDetails: { emailCards: { htmlFileKey: string }[] } }[] = (
      await call('GET', '/api/email-logs', token)
    ).json();
    const key = entries.find((candidate) => candidate.id === logId)!.cardDetails.emailCards[0]!.htmlFileKey;
    rmSync(join(dataDir, 'files', key.slice(0, 2), key));
    const lost = await add(logId, ['carta9012']);
    expect(lost.statusCode).toBe(410);
    expect(lost.json().message).toBe('A file of this send is no longer in the file store, so it cannot be reused.');

    await t.database.db.update(emailLogs).set({ filesRemovedAt: t.clock.now() }).where(eq(emailLogs.id, logId));
    const removed = 'The files of this send were removed after the retention period, so it cannot be reused.';
    expect((await add(logId, ['carta9012'])).json()).toEqual({ message: removed });
    expect((await call('POST', `/api/email-logs/${logId}/use-as-new-send`, token, {})).json()).toEqual({
      message: removed,
    });
    expect((await call('GET', `/api/email-logs/${logId}/compare?a=acme1234&b=carta9012`, token)).statusCode).toBe(409);
    expect(smtp.received).toHaveLength(1);
  });
});
