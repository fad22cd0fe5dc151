import { describe, expect, it } from 'vitest';
import {
  createDraftBody,
  INITIAL_SESSION_STATE,
  patchDraftBody,
  patchSessionBody,
  saveSessionBody,
  sessionState,
} from './drafts';

describe('draft contracts', () => {
  it('creates a card from its id and type, everything else empty and expanded', () => {
    expect(createDraftBody.parse({ cardId: 'main', cardType: 'email' })).toEqual({
      cardId: 'main',
      cardType: 'email',
      cardOrder: 0,
      htmlSubject: '',
      senderName: '',
      endDate: null,
      fileName: null,
      fileContent: null,
      textCopy: '',
      csvFileName: null,
      csvContent: null,
      vendorLinks: {},
      isExpanded: true,
      imageFileName: null,
      imageContent: null,
      imageContentType: null,
    });
  });

  it('keeps a text card image so that a reload restores it', () => {
    const card = createDraftBody.parse({
      cardId: 'text-1767225601234',
      cardType: 'text',
      cardOrder: 2,
      textCopy: 'Give today',
      imageFileName: 'sms.png',
      imageContent: 'iVBORw0KGgo=',
      imageContentType: 'image/PNG',
      vendorLinks: { acme1234: 'https://x.example/?utm_source=acme' },
    });
    expect(card).toMatchObject({
      imageFileName: 'sms.png',
      imageContent: 'iVBORw0KGgo=',
      imageContentType: 'image/png',
      cardOrder: 2,
    });
  });

  it('refuses a card without a type or with a bad order', () => {
    expect(createDraftBody.safeParse({ cardId: 'main' }).success).toBe(false);
    expect(createDraftBody.safeParse({ cardId: 'main', cardType: 'fax' }).success).toBe(false);
    expect(createDraftBody.safeParse({ cardId: 'main', cardType: 'email', cardOrder: 1.5 }).success).toBe(false);
    expect(createDraftBody.safeParse({ cardId: '../etc', cardType: 'email' }).success).toBe(false);
  });

  it('patches only the fields given, never resetting the others', () => {
    expect(patchDraftBody.parse({ htmlSubject: 'New subject' })).toEqual({ htmlSubject: 'New subject' });
    expect(patchDraftBody.parse({ endDate: '', isExpanded: false })).toEqual({ endDate: null, isExpanded: false });
    // The path names the card and its type never changes: both are dropped from a patch.
    expect(patchDraftBody.parse({ cardId: 'other', cardType: 'text' })).toEqual({});
  });
});

describe('session contracts', () => {
  it('starts with Revshare, no selection and the initial content choice', () => {
    expect(INITIAL_SESSION_STATE).toEqual({
      selectedContentType: null,
      selectedClient: null,
      selectedVendors: [],
      showInitialSelection: true,
      pricingModel: 'Revshare',
      sendReminders: true,
    });
    expect(INITIAL_SESSION_STATE).toEqual(sessionState.parse({}));
  });

  it('saves a whole state and patches a part of it', () => {
    expect(
      saveSessionBody.parse({
        selectedContentType: 'text',
        selectedClient: 'ron-pac',
        selectedVendors: ['acme1234'],
        showInitialSelection: false,
        pricingModel: 'CPM',
      }),
    ).toEqual({
      selectedContentType: 'text',
      selectedClient: 'ron-pac',
      selectedVendors: ['acme1234'],
      showInitialSelection: false,
      pricingModel: 'CPM',
      sendReminders: true,
    });
    expect(patchSessionBody.parse({ sendReminders: false })).toEqual({ sendReminders: false });
    expect(patchSessionBody.safeParse({ sendReminders: 'no' }).success).toBe(false);
    expect(patchSessionBody.parse({ pricingModel: 'CPA' })).toEqual({ pricingModel: 'CPA' });
    expect(patchSessionBody.safeParse({ pricingModel: 'Flat' }).success).toBe(false);
  });
});
