import * as z from 'zod/mini';
import { deliveryCounts } from './send';
import { vendorIdValue } from './vendors';

/** Requests and answers of reusing a past send: 'Use as new send', 'Add vendors' and comparing two vendors' messages. */

const vendorIdList = z.array(vendorIdValue, { error: 'must be a list of vendor ids' }).check(
  z.minLength(1, { error: 'must name at least one vendor' }),
  z.maxLength(200, { error: 'may name at most 200 vendors' }),
  z.refine((ids) => new Set(ids).size === ids.length, { error: 'must not repeat a vendor' }),
);

/** The 409 of 'Use as new send' while the user has another send in progress, so the page can ask before replacing it. */
export const SEND_IN_PROGRESS_MESSAGE = 'You have a send in progress on the send page. Replace it with this send?';

/** POST /api/email-logs/{id}/use-as-new-send: replaceDraft confirms that a send in progress may be replaced. */
export const useAsNewSendBody = z.object({
  replaceDraft: z._default(z.boolean({ error: 'must be true or false' }), false),
});
export type UseAsNewSendBody = z.input<typeof useAsNewSendBody>;

export const useAsNewSendResult = z.object({
  cardCount: z.number(),
  /** The send's vendors that still exist, now selected on the send page. */
  selectedVendors: z.array(z.string()),
  /** The send's vendors that were deleted since, left out. */
  missingVendors: z.array(z.string()),
});
export type UseAsNewSendResult = z.infer<typeof useAsNewSendResult>;

/** POST /api/email-logs/{id}/add-vendors (an optional Idempotency-Key header makes a retry safe). */
export const addVendorsBody = z.object({ vendorIds: vendorIdList });
export type AddVendorsBody = z.input<typeof addVendorsBody>;

export const addVendorsResult = z.extend(deliveryCounts, { id: z.number(), added: z.array(z.string()) });
export type AddVendorsResult = z.infer<typeof addVendorsResult>;

/** POST /api/email-logs/{id}/add-vendors/preview and /proof: the vendors being added and the one to show. */
export const addVendorsPreviewBody = z.object({ vendorIds: vendorIdList, vendorId: vendorIdValue }).check(
  z.refine((body) => body.vendorIds.includes(body.vendorId), {
    error: 'must be one of vendorIds',
    path: ['vendorId'],
  }),
);
export type AddVendorsPreviewBody = z.input<typeof addVendorsPreviewBody>;

/** One vendor's message as it would be sent, drawn by the shared composer; `problem` is why the send would be refused. */
export const addVendorsPreview = z.object({
  vendorId: z.string(),
  email: z.object({
    to: z.array(z.string()),
    cc: z.array(z.string()),
    replyTo: z.array(z.string()),
    subject: z.string(),
    html: z.string(),
    text: z.string(),
    attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number() })),
  }),
  problem: z.nullable(z.string()),
});
export type AddVendorsPreview = z.infer<typeof addVendorsPreview>;

/** GET /api/email-logs/{id}/compare?a=&b=. */
export const compareQuery = z
  .object({ a: vendorIdValue, b: vendorIdValue })
  .check(z.refine((query) => query.a !== query.b, { error: 'must name two different vendors', path: ['b'] }));

export const COMPARE_KINDS = ['link', 'terms', 'key'] as const;

export const messageComparison = z.object({
  a: z.object({ vendorId: z.string(), vendorName: z.string() }),
  b: z.object({ vendorId: z.string(), vendorName: z.string() }),
  /** Every link, term and key of either message, in message order; a value one message lacks is null. */
  rows: z.array(
    z.object({
      kind: z.enum(COMPARE_KINDS),
      /** Where it sits: 'Terms (Revshare)', 'Email 1', 'Text 2'. */
      section: z.string(),
      label: z.string(),
      a: z.nullable(z.string()),
      b: z.nullable(z.string()),
      isSame: z.boolean(),
    }),
  ),
});
export type MessageComparison = z.infer<typeof messageComparison>;
