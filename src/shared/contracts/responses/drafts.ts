import * as z from 'zod/mini';
import { PRICING_MODELS } from '../vendor-terms';

// What the draft and session operations answer: plain schemas, no request-side checks (decision 0047).

export const CARD_TYPES = ['email', 'text'] as const;
export type CardType = (typeof CARD_TYPES)[number];

const nullableString = z.nullable(z.string());

/** A stored card as the API answers with it. */
export const draftCardView = z.object({
  cardId: z.string(),
  cardType: z.enum(CARD_TYPES),
  cardOrder: z.int(),
  htmlSubject: z.string(),
  senderName: z.string(),
  endDate: nullableString,
  fileName: nullableString,
  fileContent: nullableString,
  textCopy: z.string(),
  csvFileName: nullableString,
  csvContent: nullableString,
  vendorLinks: z.record(z.string(), z.string()),
  isExpanded: z.boolean(),
  imageFileName: nullableString,
  imageContent: nullableString,
  imageContentType: nullableString,
});

export const draftList = z.array(draftCardView);

/** The session state as the API answers with it. */
export const sessionStateView = z.object({
  selectedContentType: z.nullable(z.enum(CARD_TYPES)),
  selectedClient: nullableString,
  selectedVendors: z.array(z.string()),
  showInitialSelection: z.boolean(),
  pricingModel: z.enum(PRICING_MODELS),
  sendReminders: z.boolean(),
});

/** A card with nothing in it yet: the send page's new card, and what a past send's card used as new starts from. */
export function emptyDraftCard(cardId: string, cardType: CardType, cardOrder: number) {
  return {
    cardId,
    cardType,
    cardOrder,
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
  };
}
