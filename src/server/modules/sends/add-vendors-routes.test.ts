import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect } from 'vitest';
import { missingLinkMessage } from '#shared/rules/validation';
import { hashToken } from '#server/auth/tokens';
import { deploymentTracking } from '#server/db/schema';
import { ADMIN_EMAIL } from '#server/testing/test-app';
import { APPROVALS, CREATIVE_HTML, PNG_BASE64, emailLink, vendorPageLinkIn } from '#server/testing/send-fixtures';
import { tokenOf } from '#server/testing/tracking-fixtures';
import { VENDOR_LINK_LIFETIME_MS } from './vendor-link';
import { DELTA, it } from './reuse-fixtures';
import { addresses } from './sends-fixtures';

describe('POST /api/email-logs/{id}/add-vendors', () => {
  it('mails a new vendor its own message built from the stored cards and files, once per Idempotency-Key, and logs and audits it', async ({
    call,
    token,
    sendId,
    entry,
    add,
    mailTo,
    smtp,
  }) => {
    const response = await add(sendId, ['carta9012'], 'add-1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: sendId,
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
    expect(text).toContain('Split: 50/50: vendor 50 %, client 50 %');
    expect(text).toContain('Subject line: Stand with us this spring');
    // The stored files themselves, attached again.
    expect(mail!.attachments.map((attachment) => [attachment.filename, attachment.content.toString('base64')])).toEqual(
      [
        ['spring-appeal.html', Buffer.from(CREATIVE_HTML).toString('base64')],
        ['sms-spring.png', PNG_BASE64],
      ],
    );

    // The same request again: the first answer, nobody mailed twice.
    const again = await add(sendId, ['carta9012'], 'add-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toMatchObject({ id: sendId, added: ['carta9012'] });
    expect(smtp.received).toHaveLength(2);
    // The key used for other vendors, and a vendor who already has the send.
    const reused = await add(sendId, ['bravo5678'], 'add-1');
    expect(reused.statusCode).toBe(422);
    const twice = await add(sendId, ['carta9012'], 'add-2');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Carta Media already has this send.');
    expect(smtp.received).toHaveLength(2);

    const logged = await entry(sendId);
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
      entity: 'send',
      entityId: String(sendId),
      after: { vendors: [{ vendorId: 'carta9012', vendorName: 'Carta Media' }] },
    });
  });

  it('gives an added vendor its own vendor page link and tracking row, like the vendors of the send', async ({
    t,
    call,
    token,
    sendId,
    add,
    mailTo,
  }) => {
    const [acmeMail] = await mailTo('ops@acme.test');
    const acmeLink = vendorPageLinkIn(acmeMail?.text);
    expect(acmeLink).not.toBeNull();
    expect((await add(sendId, ['carta9012'])).statusCode).toBe(200);
    const [cartaMail] = await mailTo('hello@carta.test');
    const cartaLink = vendorPageLinkIn(cartaMail?.text);
    expect(cartaLink).toMatch(new RegExp(`^${t.config.publicUrl}/vendor#[A-Za-z0-9_-]{43}$`));
    expect(cartaLink).not.toBe(acmeLink);

    const rows = await t.database.db.select().from(deploymentTracking).where(eq(deploymentTracking.sendId, sendId));
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
        .map((item: { vendorId: string; sendId: number; tracking: { status: string } }) => [
          item.vendorId,
          item.sendId,
          item.tracking.status,
        ])
        .sort(),
    ).toEqual([
      ['acme1234', sendId, 'sent'],
      ['carta9012', sendId, 'sent'],
    ]);
  });

  it("refuses a vendor whose link is not in the stored CSV with the send page's own message, and previews it with the placeholder", async ({
    call,
    token,
    sendId,
    add,
    smtp,
  }) => {
    expect((await call('POST', '/api/vendors', token, DELTA)).statusCode).toBe(201);
    const refused = await add(sendId, ['delta3456']);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(missingLinkMessage('Email 1', 'Delta Lists'));

    const preview = await call('POST', `/api/email-logs/${sendId}/add-vendors/preview`, token, {
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
    const found = await call('POST', `/api/email-logs/${sendId}/add-vendors/preview`, token, {
      vendorIds: ['delta3456'],
      vendorId: 'delta3456',
    });
    expect(found.json().problem).toBeNull();
    expect(found.json().email.text).toContain(`Link: ${emailLink('bravo')}`);
    expect(smtp.received).toHaveLength(1);
  });

  it('mails a vendor once when the same request arrives twice at once', async ({ sendId, add, smtp, entry }) => {
    const [first, second] = await Promise.all([
      add(sendId, ['carta9012'], 'race-1'),
      add(sendId, ['carta9012'], 'race-1'),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.json().added, second.json().added]).toEqual([['carta9012'], ['carta9012']]);
    expect((await entry(sendId)).deliveries.map((delivery) => delivery.vendorId)).toEqual(['acme1234', 'carta9012']);
    expect(smtp.received.filter((message) => message.to.includes('hello@carta.test'))).toHaveLength(1);
  });

  it('sends a proof of a vendor being added to the user only', async ({ call, token, sendId, smtp, entry }) => {
    const proof = await call('POST', `/api/email-logs/${sendId}/add-vendors/proof`, token, {
      vendorIds: ['carta9012'],
      vendorId: 'carta9012',
    });
    expect(proof.statusCode).toBe(200);
    expect(proof.json()).toMatchObject({ status: 'sent', to: ADMIN_EMAIL, vendorId: 'carta9012' });
    const mail = await simpleParser(smtp.received.at(-1)!.raw);
    expect(mail.subject).toBe('[PROOF] New GOA Victory Content');
    expect(addresses(mail.to)).toEqual([ADMIN_EMAIL]);
    expect(mail.text).toContain('CARTA-EMAIL-KEY');
    expect((await entry(sendId)).deliveries).toHaveLength(1);
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
