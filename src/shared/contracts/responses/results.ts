import * as z from 'zod/mini';

/**
 * Results (issue 23): the answers of the imports of a donation platform's contribution export, their attribution to
 * vendors and sends, and the figures per vendor, with the limits the client shows. Money is integer cents everywhere.
 * Plain schemas, no request-side checks (decision 0048).
 */

const isoDateTime = z.string();
/** A New York calendar date, YYYY-MM-DD. */
const isoDate = z.string();

/**
 * Which column of the file holds what (header names), as the answers carry a saved or detected one; resultsMapping in
 * ../results.ts is this with the checks of the one sent.
 */
export const resultsMappingView = z.object({
  id: z.string(),
  date: z.string(),
  amount: z.string(),
  email: z.optional(z.string()),
  codes: z.optional(z.array(z.string())),
  landingUrl: z.optional(z.string()),
  campaign: z.optional(z.string()),
  refundDate: z.optional(z.string()),
  refundAmount: z.optional(z.string()),
  recurrence: z.optional(z.string()),
  /** A column saying what a row is ('refund', 'chargeback', 'dispute', 'void' make it a reversal). */
  type: z.optional(z.string()),
  /** A column naming the contribution a reversal row reverses (its original id). */
  reverses: z.optional(z.string()),
});

export const resultsImportCounts = z.object({
  id: z.number(),
  rows: z.number(),
  added: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  matched: z.number(),
  unmatched: z.number(),
  outsideWindow: z.number(),
  refunded: z.number(),
  /** Reversal rows (refunds, chargebacks, voids: rows of their own). */
  reversals: z.number(),
  /** Rows that are no gift: $0 rows (a platform's fee lines), with the reason and their first lines. */
  skipped: z.number(),
  skippedReason: z.nullable(z.string()),
});
export type ResultsImportCounts = z.infer<typeof resultsImportCounts>;

export const resultsImport = z.object({
  ...resultsImportCounts.shape,
  client: z.string(),
  fileName: z.null(),
  createdAt: isoDateTime,
  createdBy: z.object({ name: z.string() }),
});
export type ResultsImport = z.infer<typeof resultsImport>;
export const resultsImportList = z.array(resultsImport);

export const ATTRIBUTION_STATUSES = ['matched', 'unmatched', 'outside-window', 'not-counted'] as const;
export type AttributionStatus = (typeof ATTRIBUTION_STATUSES)[number];

export const previewRow = z.object({
  line: z.number(),
  id: z.string(),
  date: isoDateTime,
  amountCents: z.number(),
  codes: z.array(z.string()),
  campaign: z.nullable(z.string()),
  vendorId: z.nullable(z.string()),
  vendorName: z.nullable(z.string()),
  sendId: z.nullable(z.number()),
  status: z.enum(ATTRIBUTION_STATUSES),
});
export type PreviewRow = z.infer<typeof previewRow>;

export const RESULTS_FORMATS = ['actblue', 'mapped', 'unknown'] as const;
export type ResultsFormat = (typeof RESULTS_FORMATS)[number];

export const resultsPreview = z.object({
  format: z.enum(RESULTS_FORMATS),
  columns: z.array(z.string()),
  /** The first rows' values, column by column as the header has them (shown in the mapping step; stored nowhere). */
  samples: z.array(z.array(z.string())),
  mapping: z.nullable(resultsMappingView),
  rows: z.array(previewRow),
  counts: z.object({ rows: z.number(), matched: z.number(), unmatched: z.number(), outsideWindow: z.number() }),
});
export type ResultsPreview = z.infer<typeof resultsPreview>;

export const resultsSettings = z.object({
  attributionWindowDays: z.number(),
  mapping: z.nullable(resultsMappingView),
  priorDonors: z.number(),
});
export type ResultsSettings = z.infer<typeof resultsSettings>;

export const MAX_ATTRIBUTION_WINDOW_DAYS = 365;
export const priorDonorsCount = z.object({ priorDonors: z.number() });
export type PriorDonorsCount = z.infer<typeof priorDonorsCount>;

export const UNATTRIBUTED_REASONS = ['unmatched', 'outside-window', 'ambiguous'] as const;
export type UnattributedReason = (typeof UNATTRIBUTED_REASONS)[number];

export const unattributedCode = z.object({
  code: z.string(),
  reason: z.enum(UNATTRIBUTED_REASONS),
  vendorIds: z.array(z.string()),
  contributions: z.number(),
  amountCents: z.number(),
});
export type UnattributedCode = z.infer<typeof unattributedCode>;
export const unattributedCodes = z.array(unattributedCode);

export const resultCodes = z.object({ vendorId: z.string(), utmSource: z.string(), codes: z.array(z.string()) });
export type ResultCodes = z.infer<typeof resultCodes>;

export const MAX_RESULT_CODE_LENGTH = 200;
const figures = {
  contributions: z.number(),
  donors: z.number(),
  newDonors: z.number(),
  grossCents: z.number(),
  /** Every reversal (refunds, chargebacks, voids), each contribution's at most its amount. */
  refundedCents: z.number(),
  netCents: z.number(),
};
/** The figures as statements carry them (statements.ts): net already counts chargebacks. */
export const resultFigures = z.object(figures);
export type ResultFigures = z.infer<typeof resultFigures>;

/** Of refundedCents, chargebacks and disputes, shown apart where the results' figures are. */
const chargebacks = { chargebackCents: z.number() };
export const resultsFigures = z.object({ ...figures, ...chargebacks });
export type ResultsFigures = z.infer<typeof resultsFigures>;

export const vendorResultFigures = z.object({ vendorId: z.string(), name: z.string(), ...figures, ...chargebacks });
export type VendorResultFigures = z.infer<typeof vendorResultFigures>;

export const sendResults = z.object({
  sendId: z.number(),
  vendors: z.array(vendorResultFigures),
  totals: resultsFigures,
});
export type SendResults = z.infer<typeof sendResults>;

export const resultsSummary = z.object({
  client: z.string(),
  from: isoDate,
  to: isoDate,
  vendors: z.array(vendorResultFigures),
  totals: resultsFigures,
});
export type ResultsSummary = z.infer<typeof resultsSummary>;

export const REVERSAL_KINDS = ['refund', 'chargeback', 'void'] as const;
export type ReversalKind = (typeof REVERSAL_KINDS)[number];

/** A reversal whose contribution is not imported yet: kept, and applied when it arrives. */
export const waitingReversal = z.object({
  sourceId: z.string(),
  kind: z.enum(REVERSAL_KINDS),
  amountCents: z.number(),
  reversedAt: isoDateTime,
});
/** A contribution whose reversals add up to more than its amount: its refunded amount is capped at the amount. */
export const cappedContribution = z.object({
  sourceId: z.string(),
  amountCents: z.number(),
  reversedCents: z.number(),
});
export const resultsReversals = z.object({
  waiting: z.array(waitingReversal),
  capped: z.array(cappedContribution),
});
export type ResultsReversals = z.infer<typeof resultsReversals>;
