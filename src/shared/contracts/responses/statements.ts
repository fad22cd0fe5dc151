import * as z from 'zod/mini';
import { LINE_FLAGS } from './owed';
import { resultFigures } from './results';

// Answers of /api/statements and /api/vendor-quantity-limits (issue 24), plain: the browser parses them.

const person = z.object({ email: z.string() });

export const STATEMENT_STATUSES = ['open', 'finalized', 'paid'] as const;
export { LINE_FLAGS, type LineFlag } from './owed';

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

/** A negative balance of an earlier finalized statement, carried to this one ('Balance carried forward from …'). */
export const carriedBalance = z.object({ fromMonth: z.string(), owedCents: z.number(), wording: z.string() });
export type CarriedBalance = z.infer<typeof carriedBalance>;

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
  /** Negative balances of earlier finalized statements this one opens with. */
  carried: z.array(carriedBalance),
  /** The lines' known amounts plus the adjustments and the balances carried in. */
  owedCents: z.number(),
  /** A finalized statement below zero: never paid, its balance opens this month's statement ('YYYY-MM'). */
  carriedTo: z.nullable(z.string()),
  /** Lines whose amount is unknown (not in owedCents). */
  unknownLines: z.number(),
  finalized: z.nullable(z.object({ at: z.string(), by: person })),
  paid: z.nullable(z.object({ paidOn: z.string(), reference: z.string(), at: z.string(), by: person })),
  /** The statement mailed to the vendor ('Send statement'): its message in the delivery queue, null until sent. */
  mail: z.nullable(statementMail),
});
export type Statement = z.infer<typeof statement>;

export const acceptedQuantity = z.object({
  sendId: z.number(),
  vendorId: z.string(),
  quantity: z.number(),
  acceptedAt: z.string(),
  acceptedBy: person,
});

/** A vendor's limit for reported quantities without a planned one (null: none, nothing above zero counts unaccepted). */
export const vendorQuantityLimit = z.object({ vendorId: z.string(), quantityLimit: z.nullable(z.number()) });

export const OVERVIEW_STATUSES = ['open', 'finalized', 'mailed', 'paid'] as const;

/** One vendor's statement of the month, as the month's overview lists it (issue 34). */
export const monthOverviewRow = z.object({
  vendorId: z.string(),
  vendorName: z.nullable(z.string()),
  /** Paid before mailed before finalized: the furthest the statement went. */
  status: z.enum(OVERVIEW_STATUSES),
  lines: z.number(),
  adjustments: z.number(),
  /** The lines' known amounts plus the adjustments. */
  owedCents: z.number(),
  /** The negative balances carried in. */
  carriedCents: z.number(),
  /** owedCents plus carriedCents: the statement's total. */
  totalCents: z.number(),
  unknownLines: z.number(),
  /** A finalized total below zero is carried to this month, never paid. */
  carriedTo: z.nullable(z.string()),
  paidOn: z.nullable(z.string()),
  reference: z.nullable(z.string()),
});
export type MonthOverviewRow = z.infer<typeof monthOverviewRow>;

export const monthOverview = z.object({
  month: z.string(),
  vendors: z.array(monthOverviewRow),
  totals: z.object({
    owedCents: z.number(),
    carriedCents: z.number(),
    totalCents: z.number(),
    unknownLines: z.number(),
  }),
});
export type MonthOverview = z.infer<typeof monthOverview>;
