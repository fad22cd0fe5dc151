import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { PNG_BASE64 } from '#server/testing/creatives';
import { test } from '#server/testing/fixtures';
import {
  ADMIN_EMAIL,
  addAndRegister,
  bearer,
  createRestartableDatabase,
  createTestApp,
  register,
} from '#server/testing/test-app';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Here `call` acts as the admin unless told otherwise, and `token` is the admin's. */
const it = test.extend<{
  token: string;
  call: (method: Method, url: string, payload?: unknown, as?: string) => Promise<LightMyRequestResponse>;
}>({
  token: async ({ admin }, use) => use(admin),
  call: async ({ t, token }, use) =>
    use((method, url, payload, as = token) =>
      t.app.inject({
        method,
        url,
        headers: bearer(as),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    ),
});

describe('prospecting drafts', () => {
  it('creates, lists in card order, patches only the given fields and deletes', async ({ call }) => {
    expect(
      (
        await call('POST', '/api/prospecting-drafts', {
          cardId: 'text-2',
          cardType: 'text',
          cardOrder: 2,
          textCopy: 'Hi',
        })
      ).statusCode,
    ).toBe(201);
    const main = await call('POST', '/api/prospecting-drafts', {
      cardId: 'main',
      cardType: 'email',
      cardOrder: 0,
      htmlSubject: 'Spring appeal',
      fileName: 'creative.html',
      fileContent: '<p>Hello</p>',
      vendorLinks: { acme1234: 'https://x.test/?utm_source=acme' },
    });
    expect(main.statusCode).toBe(201);
    expect(main.json()).toMatchObject({
      cardId: 'main',
      cardType: 'email',
      isExpanded: true,
      senderName: '',
      endDate: null,
    });

    const patched = await call('PATCH', '/api/prospecting-drafts/main', {
      senderName: 'Jane',
      endDate: '2026-04-01',
      isExpanded: false,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      htmlSubject: 'Spring appeal',
      senderName: 'Jane',
      endDate: '2026-04-01',
      isExpanded: false,
      fileContent: '<p>Hello</p>',
    });

    await call('POST', '/api/prospecting-drafts', {
      cardId: 'text-9',
      cardType: 'text',
      cardOrder: 1,
      imageFileName: 'a.png',
      imageContent: PNG_BASE64,
      imageContentType: 'image/png',
    });
    const list = (await call('GET', '/api/prospecting-drafts')).json();
    expect(list.map((card: { cardId: string }) => card.cardId)).toEqual(['main', 'text-9', 'text-2']);
    expect(list[1]).toMatchObject({ imageFileName: 'a.png', imageContent: PNG_BASE64, imageContentType: 'image/png' });
    expect(list[0].vendorLinks).toEqual({ acme1234: 'https://x.test/?utm_source=acme' });

    expect((await call('DELETE', '/api/prospecting-drafts/text-2')).statusCode).toBe(204);
    expect((await call('GET', '/api/prospecting-drafts')).json()).toHaveLength(2);
    expect((await call('DELETE', '/api/prospecting-drafts')).statusCode).toBe(204);
    expect((await call('GET', '/api/prospecting-drafts')).json()).toEqual([]);
  });

  it('treats a repeated create as a save, so a retried autosave never fails', async ({ call }) => {
    await call('POST', '/api/prospecting-drafts', { cardId: 'main', cardType: 'email', htmlSubject: 'one' });
    const again = await call('POST', '/api/prospecting-drafts', {
      cardId: 'main',
      cardType: 'email',
      htmlSubject: 'two',
    });
    expect(again.statusCode).toBe(201);
    const list = (await call('GET', '/api/prospecting-drafts')).json();
    expect(list).toHaveLength(1);
    expect(list[0].htmlSubject).toBe('two');
  });

  it('answers 404 for a patch of a card that is gone', async ({ call }) => {
    const response = await call('PATCH', '/api/prospecting-drafts/nope', { senderName: 'x' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/was not found/);
  });

  it.for([
    [{ cardType: 'email' }, 'cardId is required'],
    [{ cardId: 'a b', cardType: 'email' }, 'cardId may hold only letters, digits, - and _'],
    [{ cardId: 'x', cardType: 'fax' }, "cardType must be 'email' or 'text'"],
    [{ cardId: 'x', cardType: 'email', cardOrder: -1 }, 'cardOrder must not be negative'],
    [{ cardId: 'x', cardType: 'email', endDate: 'tomorrow' }, "endDate must be an ISO date like '2026-03-14'"],
    [{ cardId: 'x', cardType: 'text', imageContent: '***' }, 'imageContent must be base64'],
    [
      { cardId: 'x', cardType: 'email', vendorLinks: { a: 'javascript:alert(1)' } },
      'vendorLinks.a must be an http(s) link',
    ],
  ])('refuses %j with 400 naming the field and saves nothing', async ([payload, message], { call }) => {
    const response = await call('POST', '/api/prospecting-drafts', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await call('GET', '/api/prospecting-drafts')).json()).toEqual([]);
  });

  it('refuses a file over the limit with 413 and keeps what was saved', async ({ call }) => {
    await call('POST', '/api/prospecting-drafts', { cardId: 'main', cardType: 'email', fileContent: '<p>kept</p>' });
    const response = await call('PATCH', '/api/prospecting-drafts/main', {
      fileContent: 'x'.repeat(10 * 1024 * 1024 + 1),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The HTML file is too large: the limit is 10 MB.');
    expect((await call('GET', '/api/prospecting-drafts')).json()[0].fileContent).toBe('<p>kept</p>');
  });

  it('keeps each user to their own drafts and session', async ({ t, token, call }) => {
    const other = await addAndRegister(t.app, token, 'other@agency.test');
    await call('POST', '/api/prospecting-drafts', { cardId: 'main', cardType: 'email', htmlSubject: 'mine' });
    await call('POST', '/api/prospecting-drafts', { cardId: 'main', cardType: 'email', htmlSubject: 'theirs' }, other);
    await call('PATCH', '/api/prospecting-session', { selectedClient: 'gun-owners' });
    expect(
      (await call('GET', '/api/prospecting-drafts', undefined, other))
        .json()
        .map((c: { htmlSubject: string }) => c.htmlSubject),
    ).toEqual(['theirs']);
    expect(
      (await call('GET', '/api/prospecting-drafts')).json().map((c: { htmlSubject: string }) => c.htmlSubject),
    ).toEqual(['mine']);
    expect((await call('GET', '/api/prospecting-session', undefined, other)).json().selectedClient).toBeNull();
    await call('DELETE', '/api/prospecting-drafts', undefined, other);
    expect((await call('GET', '/api/prospecting-drafts')).json()).toHaveLength(1);
  });

  it('needs a signed-in user', async ({ t }) => {
    for (const [method, url] of [
      ['GET', '/api/prospecting-drafts'],
      ['POST', '/api/prospecting-drafts'],
      ['GET', '/api/prospecting-session'],
      ['DELETE', '/api/prospecting-session'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});

describe('prospecting session', () => {
  it('starts at the initial state, saves, patches and clears', async ({ call }) => {
    expect((await call('GET', '/api/prospecting-session')).json()).toEqual({
      selectedContentType: null,
      selectedClient: null,
      selectedVendors: [],
      showInitialSelection: true,
      pricingModel: 'Revshare',
      sendReminders: true,
    });
    const saved = await call('POST', '/api/prospecting-session', {
      selectedContentType: 'email',
      selectedClient: 'club-growth',
      selectedVendors: ['acme1234'],
      showInitialSelection: false,
      pricingModel: 'CPM',
      sendReminders: false,
    });
    expect(saved.statusCode).toBe(200);
    await call('PATCH', '/api/prospecting-session', { pricingModel: 'CPD' });
    expect((await call('GET', '/api/prospecting-session')).json()).toEqual({
      selectedContentType: 'email',
      selectedClient: 'club-growth',
      selectedVendors: ['acme1234'],
      showInitialSelection: false,
      pricingModel: 'CPD',
      sendReminders: false,
    });
    expect((await call('DELETE', '/api/prospecting-session')).statusCode).toBe(204);
    expect((await call('GET', '/api/prospecting-session')).json().selectedClient).toBeNull();
  });

  it('refuses a bad pricing model, vendor list or reminders choice with 400', async ({ call }) => {
    expect((await call('PATCH', '/api/prospecting-session', { pricingModel: 'Free' })).json().message).toBe(
      'pricingModel must be one of Revshare, CPM, CPA, CPD',
    );
    expect((await call('PATCH', '/api/prospecting-session', { selectedVendors: ['a', 'a'] })).json().message).toBe(
      'selectedVendors must not repeat a vendor',
    );
    expect((await call('PATCH', '/api/prospecting-session', { sendReminders: 'yes' })).json().message).toBe(
      'sendReminders must be true or false',
    );
  });
});

describe('after a server restart', () => {
  it('finds the drafts and the session as they were saved', async () => {
    const restartable = await createRestartableDatabase();
    let first = await createTestApp({}, await restartable.open());
    try {
      const mine = await register(first.app, ADMIN_EMAIL);
      const headers = bearer(mine);
      await first.app.inject({
        method: 'POST',
        url: '/api/prospecting-drafts',
        headers,
        payload: { cardId: 'main', cardType: 'email', htmlSubject: 'Before restart', cardOrder: 0 },
      });
      await first.app.inject({
        method: 'POST',
        url: '/api/prospecting-drafts',
        headers,
        payload: { cardId: 'text-1', cardType: 'text', textCopy: 'Second', cardOrder: 1 },
      });
      await first.app.inject({
        method: 'PATCH',
        url: '/api/prospecting-session',
        headers,
        payload: { selectedClient: 'ron-pac', pricingModel: 'CPA' },
      });
      await first.close();

      first = await createTestApp({}, await restartable.open());
      const drafts = (await first.app.inject({ method: 'GET', url: '/api/prospecting-drafts', headers })).json();
      expect(
        drafts.map((card: { cardId: string; htmlSubject: string; textCopy: string }) => [
          card.cardId,
          card.htmlSubject || card.textCopy,
        ]),
      ).toEqual([
        ['main', 'Before restart'],
        ['text-1', 'Second'],
      ]);
      const session = (await first.app.inject({ method: 'GET', url: '/api/prospecting-session', headers })).json();
      expect(session).toMatchObject({ selectedClient: 'ron-pac', pricingModel: 'CPA' });
    } finally {
      await first.close();
      await restartable.cleanup();
    }
  });
});
