import * as z from 'zod/mini';
import { PRICING_MODELS, splitRatio, vendorIdValue } from './vendors';
import {
  base64Content,
  cardId,
  endDateValue,
  imageContentType,
  nullableText,
  optionalText,
  vendorLink,
} from './card-fields';

export { MAX_ATTACHMENT_BYTES_PER_MESSAGE, MAX_HTML_OR_CSV_BYTES, MAX_IMAGE_BYTES } from './limits';

/** The uploaded CSV's name, kept with the log entry so 'Download CSV' saves it under that name (optional). */
const csvFileName = z.nullish(
  z.string({ error: 'must be text' }).check(z.trim(), z.maxLength(255, { error: 'is too long' })),
);

export const sendEmailCard = z.object({
  id: cardId,
  htmlContent: optionalText,
  filename: nullableText,
  subject: optionalText,
  senderName: optionalText,
  endDate: endDateValue,
  csvContent: nullableText,
  csvFileName,
});
export type SendEmailCard = z.infer<typeof sendEmailCard>;

export const sendTextCard = z.object({
  id: cardId,
  content: optionalText,
  senderName: optionalText,
  endDate: endDateValue,
  csvContent: nullableText,
  csvFileName,
  /** The card's image, base64 encoded, or null. */
  fileContent: base64Content,
  fileName: nullableText,
});
export type SendTextCard = z.infer<typeof sendTextCard>;

export const imageAttachment = z.object({
  filename: z
    .string({ error: 'must be text' })
    .check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(255, { error: 'is too long' })),
  content: z.base64({ error: 'must be base64' }),
  contentType: imageContentType,
});
export type ImageAttachment = z.infer<typeof imageAttachment>;

const listOf = <T extends z.core.SomeType>(item: T) => z._default(z.array(item, { error: 'must be a list' }), []);

export const sendBody = z
  .object({
    selectedVendors: z
      .array(vendorIdValue, { error: 'must be a list of vendor ids' })
      .check(z.refine((ids) => new Set(ids).size === ids.length, { error: 'must not repeat a vendor' })),
    emailCards: listOf(sendEmailCard),
    textCards: listOf(sendTextCard),
    selectedClient: nullableText,
    /** vendorId -> 'A/B'. */
    vendorSplits: z._default(z.record(z.string(), splitRatio, { error: 'must map vendor ids to splits' }), {}),
    imageAttachments: listOf(imageAttachment),
    /** card id -> vendorId -> link. */
    allVendorLinks: z._default(
      z.record(z.string(), z.record(z.string(), vendorLink), { error: 'must map card ids to vendor links' }),
      {},
    ),
    pricingModel: z._default(
      z.enum(PRICING_MODELS, { error: `must be one of ${PRICING_MODELS.join(', ')}` }),
      'Revshare',
    ),
    /** 'Send reminders to vendors' (issue 14 item 5): vendors who do not answer get one reminder of each kind. */
    sendReminders: z._default(z.boolean({ error: 'must be true or false' }), true),
  })
  .check(
    z.refine(
      (body) => {
        const ids = [...body.emailCards, ...body.textCards].map((card) => card.id);
        return new Set(ids).size === ids.length;
      },
      { error: 'must not repeat a card id', path: ['emailCards'] },
    ),
  );
/** What the client sends. */
export type SendBodyInput = z.input<typeof sendBody>;
/** What the server works with after parsing. */
export type SendBody = z.infer<typeof sendBody>;

/** POST /api/send-proof: a send body and the vendor whose message the proof shows. */
export const proofBody = z.safeExtend(sendBody, { vendorId: vendorIdValue });

export * from './responses/send';
