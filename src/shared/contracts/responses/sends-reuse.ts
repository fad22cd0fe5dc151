import * as z from 'zod/mini';
import { deliveryCounts } from './send';

/**
 * Answers of reusing a past send: 'Use as new send', 'Add vendors' and comparing two vendors' messages; plain, no
 * request-side checks (decision 0048).
 */

/** The 409 of 'Use as new send' while the user has another send in progress, so the page can ask before replacing it. */
export const SEND_IN_PROGRESS_MESSAGE = 'You have a send in progress on the send page. Replace it with this send?';

export const useAsNewSendResult = z.object({
  cardCount: z.number(),
  /** The send's vendors that still exist, now selected on the send page. */
  selectedVendors: z.array(z.string()),
  /** The send's vendors that were deleted since, left out. */
  missingVendors: z.array(z.string()),
});
export type UseAsNewSendResult = z.infer<typeof useAsNewSendResult>;

export const addVendorsResult = z.extend(deliveryCounts, { id: z.number(), added: z.array(z.string()) });
export type AddVendorsResult = z.infer<typeof addVendorsResult>;

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
