import { describe, expect } from 'vitest';
import { CREATIVE_HTML, LINKS_CSV, PNG_BASE64, emailLink, sendBodyFor } from '#server/testing/send-fixtures';
import { SEND_IN_PROGRESS_MESSAGE } from '#shared/contracts/sends-reuse';
import { it } from './reuse-fixtures';

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
    const sendId = sent.json().id as number;
    // Another send was started meanwhile on the send page.
    expect((await call('PATCH', '/api/prospecting-session', token, { selectedClient: 'goa-victory' })).statusCode).toBe(
      200,
    );

    const refused = await call('POST', `/api/email-logs/${sendId}/use-as-new-send`, token, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SEND_IN_PROGRESS_MESSAGE);
    expect(refused.json().code).toBe('send-in-progress');
    expect((await call('GET', '/api/prospecting-session', token)).json().selectedClient).toBe('goa-victory');

    const used = await call('POST', `/api/email-logs/${sendId}/use-as-new-send`, token, { replaceDraft: true });
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

  it('leaves out vendors deleted since, and answers 404 for an unknown send', async ({ call, token, sendId }) => {
    expect((await call('DELETE', '/api/vendors/acme1234', token)).statusCode).toBe(204);
    const used = await call('POST', `/api/email-logs/${sendId}/use-as-new-send`, token, {});
    expect(used.json()).toEqual({ cardCount: 2, selectedVendors: [], missingVendors: ['Acme Leads'] });
    expect((await call('POST', '/api/email-logs/999999/use-as-new-send', token, {})).statusCode).toBe(404);
  });
});
