import * as z from 'zod/mini';
import { MONTH_PATTERN } from '../payouts/month';
import { isoDate, resultFigures } from './results';

/**
 * Payouts (issue 24): what each vendor is owed per send, and its monthly statements (open, finalized, paid). Money is
 * integer cents; an amount that cannot be known is null, with the flag that says why.
 */

export const statementMonth = z.string().check(z.regex(MONTH_PATTERN, { error: 'must be a month YYYY-MM' }));
export const statementVendorId = z.string().check(z.minLength(1, { error: 'must name a vendor' }));

export const statementQuery = z.object({ vendorId: statementVendorId, month: statementMonth });
export const statementParams = z.object({ vendorId: statementVendorId, month: statementMonth });

export const STATEMENT_STATUSES = ['open', 'finalized', 'paid'] as const;
export const LINE_FLAGS = ['Terms missing', 'Quantity not reported', 'Needs review'] as const;
export type LineFlag = (typeof LINE_FLAGS)[number];

export const statementLine = z.object({
  /** The Deployment Log entry's id. */
  sendId: z.number(),
  sentAt: z.string(),
  client: z.nullable(z.string()),
  clientName: z.nullable(z.string()),
  pricingModel: z.nullable(z.string()),
  /** The terms the vendor's message carried, as it listed them, and in words ('60/40: vendor 60 %, client 40 %'). */
  terms: z.array(z.object({ label: z.string(), value: z.string() })),
  termsWording: z.string(),
  /** The send's results for this vendor, as the results count them. */
  ...resultFigures.shape,
  /** The quantity a CPM amount counts (see reportedQuantity for what was reported); null when none was reported. */
  quantity: z.nullable(z.number()),
  reportedQuantity: z.nullable(z.number()),
  owedCents: z.nullable(z.number()),
  flags: z.array(z.enum(LINE_FLAGS)),
});
export type StatementLine = z.infer<typeof statementLine>;

export const statementAdjustment = z.object({
  sendId: z.number(),
  /** The month of the finalized statement the send was on. */
  fromMonth: z.string(),
  owedCents: z.number(),
  reason: z.string(),
});
export type StatementAdjustment = z.infer<typeof statementAdjustment>;

const person = z.object({ email: z.string() });

export const statementMail = z.object({
  /** The queue's status of its message: pending, sending, sent, failed or uncertain. */
  status: z.string(),
  queuedAt: z.string(),
  sentAt: z.nullable(z.string()),
  by: person,
  to: z.array(z.string()),
  cc: z.array(z.string()),
  lastError: z.nullable(z.string()),
});
export type StatementMailState = z.infer<typeof statementMail>;

export const statement = z.object({
  vendorId: z.string(),
  vendorName: z.nullable(z.string()),
  month: z.string(),
  status: z.enum(STATEMENT_STATUSES),
  lines: z.array(statementLine),
  adjustments: z.array(statementAdjustment),
  /** The lines' known amounts plus the adjustments. */
  owedCents: z.number(),
  /** Lines whose amount is unknown (not in owedCents). */
  unknownLines: z.number(),
  finalized: z.nullable(z.object({ at: z.string(), by: person })),
  paid: z.nullable(z.object({ paidOn: z.string(), reference: z.string(), at: z.string(), by: person })),
  /** The statement mailed to the vendor ('Send statement'): its message in the delivery queue, null until sent. */
  mail: z.nullable(statementMail),
});
export type Statement = z.infer<typeof statement>;

/** Finalizing a month that has not ended needs `{ "confirm": true }`. */
export const finalizeBody = z.optional(z.object({ confirm: z.optional(z.boolean()) }));

export const paidBody = z.object({
  paidOn: isoDate,
  reference: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'must say how it was paid (a check number, a transfer reference)' }),
      z.maxLength(200, { error: 'must be at most 200 characters' }),
    ),
});

/** Accepting a vendor's reported quantity above what it may count: the quantity accepted, as reported. */
export const quantityParams = z.object({
  sendId: z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647)),
  vendorId: statementVendorId,
});
export const acceptQuantityBody = z.object({
  quantity: z.number().check(z.int(), z.nonnegative(), z.maximum(2_147_483_647)),
});
export const acceptedQuantity = z.object({
  sendId: z.number(),
  vendorId: z.string(),
  quantity: z.number(),
  acceptedAt: z.string(),
  acceptedBy: person,
});

/** A vendor's limit for reported quantities without a planned one (null: none, nothing above zero counts unaccepted). */
export const vendorQuantityLimit = z.object({ vendorId: z.string(), quantityLimit: z.nullable(z.number()) });
export const vendorQuantityLimitBody = z.object({
  quantityLimit: z.nullable(z.number().check(z.int(), z.nonnegative(), z.maximum(2_147_483_647))),
});
export const vendorIdParams = z.object({ vendorId: statementVendorId });
