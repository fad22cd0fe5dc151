import { z } from 'zod';
import { INT4_MAX } from './common';
import { INITIAL_SESSION_STATE as initialSession } from './initial-session';
import { DEFAULT_PRICING_MODEL, PRICING_MODELS, vendorIdValue } from './vendors';
import {
  base64Content,
  cardId,
  endDateValue,
  imageContentType,
  nullableText,
  optionalText,
  vendorLink,
} from './card-fields';

export const CARD_TYPES = ['email', 'text'] as const;
export type CardType = (typeof CARD_TYPES)[number];
const cardType = z.enum(CARD_TYPES, { error: "must be 'email' or 'text'" });

const cardOrder = z
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .min(0, { error: 'must not be negative' })
  .max(INT4_MAX, { error: 'is too large' });
const vendorLinks = z.record(z.string(), vendorLink, { error: 'must map vendor ids to links' });
const isExpanded = z.boolean({ error: 'must be true or false' });

// No defaults here: in a PATCH an absent field must stay absent, not be reset.
const draftFields = z.object({
  cardOrder,
  htmlSubject: optionalText,
  senderName: optionalText,
  endDate: endDateValue,
  /** The email card's HTML file: its uploaded name and its text. */
  fileName: nullableText,
  fileContent: nullableText,
  textCopy: optionalText,
  csvFileName: nullableText,
  csvContent: nullableText,
  /** vendorId -> link, as extracted from the card's CSV. */
  vendorLinks,
  isExpanded,
  /** The text card's image (base64), so that a reload restores it. */
  imageFileName: nullableText,
  imageContent: base64Content,
  imageContentType: imageContentType.nullish().transform((value) => value ?? null),
});

/** A draft card as the server stores and returns it. */
export const draftCard = draftFields.extend({
  cardId,
  cardType,
  cardOrder: cardOrder.default(0),
  vendorLinks: vendorLinks.default({}),
  isExpanded: isExpanded.default(true),
});
export type DraftCard = z.infer<typeof draftCard>;

/** POST /api/prospecting-drafts: cardId and cardType are required, the rest start empty. */
export const createDraftBody = draftCard;
export type CreateDraftBody = z.input<typeof createDraftBody>;

/** PATCH /api/prospecting-drafts/{cardId}: any subset of the fields; the card id comes from the path and the type never changes. */
export const patchDraftBody = draftFields.partial();
export type PatchDraftBody = z.input<typeof patchDraftBody>;

export const draftCardIdParam = z.object({ cardId });

/** A stored card as the API answers with it. */
export const draftCardView = z.object({
  cardId: z.string(),
  cardType: cardType,
  cardOrder: z.number().int(),
  htmlSubject: z.string(),
  senderName: z.string(),
  endDate: z.string().nullable(),
  fileName: z.string().nullable(),
  fileContent: z.string().nullable(),
  textCopy: z.string(),
  csvFileName: z.string().nullable(),
  csvContent: z.string().nullable(),
  vendorLinks: z.record(z.string(), z.string()),
  isExpanded: z.boolean(),
  imageFileName: z.string().nullable(),
  imageContent: z.string().nullable(),
  imageContentType: z.string().nullable(),
});

export const draftList = z.array(draftCardView);

const sessionFields = z.object({
  selectedContentType: z
    .enum(CARD_TYPES, { error: "must be 'email', 'text' or null" })
    .nullish()
    .transform((value) => value ?? null),
  selectedClient: nullableText,
  selectedVendors: z
    .array(vendorIdValue, { error: 'must be a list of vendor ids' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'must not repeat a vendor' }),
  showInitialSelection: z.boolean({ error: 'must be true or false' }),
  pricingModel: z.enum(PRICING_MODELS, { error: `must be one of ${PRICING_MODELS.join(', ')}` }),
  /** 'Send reminders to vendors' (issue 14 item 5). */
  sendReminders: z.boolean({ error: 'must be true or false' }),
});

/** The per-user send page state that autosave keeps (SPEC 3 'Session state'); absent fields take the initial values. */
export const sessionState = sessionFields.extend({
  selectedVendors: sessionFields.shape.selectedVendors.default([]),
  showInitialSelection: sessionFields.shape.showInitialSelection.default(true),
  pricingModel: sessionFields.shape.pricingModel.default(DEFAULT_PRICING_MODEL),
  sendReminders: sessionFields.shape.sendReminders.default(true),
});
export type SessionState = z.infer<typeof sessionState>;

/** POST /api/prospecting-session: the whole state. */
export const saveSessionBody = sessionState;
export type SaveSessionBody = z.input<typeof saveSessionBody>;

/** PATCH /api/prospecting-session: only the fields that changed. */
export const patchSessionBody = sessionFields.partial();
export type PatchSessionBody = z.input<typeof patchSessionBody>;

/** The session state as the API answers with it. */
export const sessionStateView = z.object({
  selectedContentType: z.enum(CARD_TYPES).nullable(),
  selectedClient: z.string().nullable(),
  selectedVendors: z.array(z.string()),
  showInitialSelection: z.boolean(),
  pricingModel: z.enum(PRICING_MODELS),
  sendReminders: z.boolean(),
});

export const INITIAL_SESSION_STATE: SessionState = initialSession;
