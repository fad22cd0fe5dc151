import type { CardType, DraftCard, SessionState } from '#shared/contracts/drafts';
import { INITIAL_SESSION_STATE } from '#shared/contracts/initial-session';
import { emptyDraftCard } from '#shared/contracts/responses/drafts';
import type { PricingModel } from '#shared/contracts/vendors';
import { MAIN_CARD_ID } from '#shared/rules/validation';

export type Card = DraftCard;
export type CardChanges = Partial<Omit<Card, 'cardId' | 'cardType'>>;

export interface SendState {
  session: SessionState;
  /** In display order. */
  cards: Card[];
}

export const INITIAL_SEND_STATE: SendState = { session: INITIAL_SESSION_STATE, cards: [] };

export type SendAction =
  | { type: 'loaded'; session: SessionState; cards: Card[] }
  | { type: 'select-client'; slug: string }
  | { type: 'toggle-vendor'; vendorId: string }
  | { type: 'set-vendors'; vendorIds: string[] }
  | { type: 'set-pricing'; model: PricingModel }
  | { type: 'set-reminders'; enabled: boolean }
  | { type: 'add-card'; card: Card }
  | { type: 'remove-card'; cardId: string }
  | { type: 'update-card'; cardId: string; changes: CardChanges }
  | { type: 'reset' };

export const emptyCard: (cardId: string, cardType: CardType, cardOrder: number) => Card = emptyDraftCard;

/** SPEC 3: the first email card is 'main'; others are email-{timestamp} / text-{timestamp}. */
export function newCardId(type: CardType, cards: readonly Card[], now = Date.now()): string {
  if (type === 'email' && !cards.some((card) => card.cardId === MAIN_CARD_ID)) return MAIN_CARD_ID;
  let stamp = now;
  while (cards.some((card) => card.cardId === `${type}-${stamp}`)) stamp++;
  return `${type}-${stamp}`;
}

export function nextCardOrder(cards: readonly Card[]): number {
  return cards.reduce((max, card) => Math.max(max, card.cardOrder + 1), 0);
}

export function sendReducer(state: SendState, action: SendAction): SendState {
  switch (action.type) {
    case 'loaded':
      return { session: action.session, cards: [...action.cards].sort((a, b) => a.cardOrder - b.cardOrder) };
    case 'select-client':
      return { ...state, session: { ...state.session, selectedClient: action.slug } };
    case 'toggle-vendor': {
      const selected = state.session.selectedVendors;
      const selectedVendors = selected.includes(action.vendorId)
        ? selected.filter((id) => id !== action.vendorId)
        : [...selected, action.vendorId];
      return { ...state, session: { ...state.session, selectedVendors } };
    }
    case 'set-vendors':
      return { ...state, session: { ...state.session, selectedVendors: action.vendorIds } };
    case 'set-pricing':
      return { ...state, session: { ...state.session, pricingModel: action.model } };
    case 'set-reminders':
      return { ...state, session: { ...state.session, sendReminders: action.enabled } };
    case 'add-card':
      return {
        cards: [...state.cards, action.card],
        session: {
          ...state.session,
          showInitialSelection: false,
          selectedContentType: state.session.selectedContentType ?? action.card.cardType,
        },
      };
    case 'remove-card': {
      const cards = state.cards.filter((card) => card.cardId !== action.cardId);
      // SPEC 4: removing the main email card or the last text card returns to 'Select content' once nothing is left.
      const isEmpty = cards.length === 0;
      return {
        cards,
        session: isEmpty ? { ...state.session, showInitialSelection: true, selectedContentType: null } : state.session,
      };
    }
    case 'update-card':
      return {
        ...state,
        cards: state.cards.map((card) => (card.cardId === action.cardId ? { ...card, ...action.changes } : card)),
      };
    case 'reset':
      return INITIAL_SEND_STATE;
  }
}
