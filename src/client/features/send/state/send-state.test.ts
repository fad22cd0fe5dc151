import { describe, expect, it } from 'vitest';
import { emptyCard, INITIAL_SEND_STATE, newCardId, nextCardOrder, sendReducer } from './send-state';

describe('send page content state', () => {
  it('gives the first email card the id main and later ones timestamped ids', () => {
    expect(newCardId('email', [], 1700000000000)).toBe('main');
    const main = emptyCard('main', 'email', 0);
    expect(newCardId('email', [main], 1700000000000)).toBe('email-1700000000000');
    expect(newCardId('text', [main], 1700000000000)).toBe('text-1700000000000');
    expect(newCardId('text', [main, emptyCard('text-5', 'text', 1)], 5)).toBe('text-6');
  });

  it('leaves the initial selection when content starts, and returns to it when the last card goes', () => {
    let state = sendReducer(INITIAL_SEND_STATE, { type: 'add-card', card: emptyCard('text-1', 'text', 0) });
    expect(state.session.showInitialSelection).toBe(false);
    expect(state.session.selectedContentType).toBe('text');
    state = sendReducer(state, { type: 'add-card', card: emptyCard('text-2', 'text', nextCardOrder(state.cards)) });
    state = sendReducer(state, { type: 'remove-card', cardId: 'text-1' });
    expect(state.session.showInitialSelection).toBe(false);
    state = sendReducer(state, { type: 'remove-card', cardId: 'text-2' });
    expect(state.session.showInitialSelection).toBe(true);
    expect(state.session.selectedContentType).toBeNull();
  });

  it('returns to the initial selection when the main email card is removed and nothing else is left', () => {
    let state = sendReducer(INITIAL_SEND_STATE, { type: 'add-card', card: emptyCard('main', 'email', 0) });
    state = sendReducer(state, { type: 'remove-card', cardId: 'main' });
    expect(state.session.showInitialSelection).toBe(true);
    expect(state.cards).toEqual([]);
  });

  it('keeps cards in their saved order on load and toggles vendors', () => {
    const state = sendReducer(INITIAL_SEND_STATE, {
      type: 'loaded',
      session: { ...INITIAL_SEND_STATE.session, selectedVendors: ['a'] },
      cards: [emptyCard('text-1', 'text', 2), emptyCard('main', 'email', 0), emptyCard('email-2', 'email', 1)],
    });
    expect(state.cards.map((card) => card.cardId)).toEqual(['main', 'email-2', 'text-1']);
    const toggled = sendReducer(sendReducer(state, { type: 'toggle-vendor', vendorId: 'b' }), {
      type: 'toggle-vendor',
      vendorId: 'a',
    });
    expect(toggled.session.selectedVendors).toEqual(['b']);
  });
});
