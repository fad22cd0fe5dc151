import * as z from 'zod/mini';
import { INT4_MAX } from './common';
import { CARD_TYPES, type CardType } from './responses/drafts';
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

const cardType = z.enum(CARD_TYPES, { error: "must be 'email' or 'text'" });

const cardOrder = z
  .number({ error: 'must be a number' })
  .check(
    z.int({ error: 'must be a whole number' }),
    z.gte(0, { error: 'must not be negative' }),
    z.lte(INT4_MAX, { error: 'is too large' }),
  );
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
  imageContentType: z.pipe(
    z.nullish(imageContentType),
    z.transform((value: string | null | undefined) => value ?? null),
  ),
});

/** A draft card as the server stores and returns it. */
export const draftCard = z.extend(draftFields, {
  cardId,
  cardType,
  cardOrder: z._default(cardOrder, 0),
  vendorLinks: z._default(vendorLinks, {}),
  isExpanded: z._default(isExpanded, true),
});
export type DraftCard = z.infer<typeof draftCard>;

/** POST /api/prospecting-drafts: cardId and cardType are required, the rest start empty. */
export const createDraftBody = draftCard;
export type CreateDraftBody = z.input<typeof createDraftBody>;

/** PATCH /api/prospecting-drafts/{cardId}: any subset of the fields; the card id comes from the path and the type never changes. */
export const patchDraftBody = z.partial(draftFields);
export type PatchDraftBody = z.input<typeof patchDraftBody>;

const sessionFields = z.object({
  selectedContentType: z.pipe(
    z.nullish(z.enum(CARD_TYPES, { error: "must be 'email', 'text' or null" })),
    z.transform((value: CardType | null | undefined) => value ?? null),
  ),
  selectedClient: nullableText,
  selectedVendors: z
    .array(vendorIdValue, { error: 'must be a list of vendor ids' })
    .check(z.refine((ids) => new Set(ids).size === ids.length, { error: 'must not repeat a vendor' })),
  showInitialSelection: z.boolean({ error: 'must be true or false' }),
  pricingModel: z.enum(PRICING_MODELS, { error: `must be one of ${PRICING_MODELS.join(', ')}` }),
  /** 'Send reminders to vendors' (issue 14 item 5). */
  sendReminders: z.boolean({ error: 'must be true or false' }),
});

/** The per-user send page state that autosave keeps (SPEC 3 'Session state'); absent fields take the initial values. */
export const sessionState = z.extend(sessionFields, {
  selectedVendors: z._default(sessionFields.shape.selectedVendors, []),
  showInitialSelection: z._default(sessionFields.shape.showInitialSelection, true),
  pricingModel: z._default(sessionFields.shape.pricingModel, DEFAULT_PRICING_MODEL),
  sendReminders: z._default(sessionFields.shape.sendReminders, true),
});
export type SessionState = z.infer<typeof sessionState>;

/** POST /api/prospecting-session: the whole state. */
export const saveSessionBody = sessionState;
export type SaveSessionBody = z.input<typeof saveSessionBody>;

/** PATCH /api/prospecting-session: only the fields that changed. */
export const patchSessionBody = z.partial(sessionFields);
export type PatchSessionBody = z.input<typeof patchSessionBody>;

export const INITIAL_SESSION_STATE: SessionState = initialSession;

export * from './responses/drafts';
