import { copyLine } from '#server/db/copy-text';

/** What distinguishes codes inside the one text value of a staged row (COPY's text format has no cheap arrays). */
export const CODE_SEPARATOR = '\u001f';

/**
 * What a staged gift row says of the contribution itself: a later export that differs in any of them updates it. Its
 * refunds are not among them: they are reversals, records of their own that a later file never undoes.
 */
export const STAGED_DATA_COLUMNS = [
  'contributed_at',
  'amount_cents',
  'recurrence_number',
  'donor_hash',
  'codes',
  'campaign',
] as const;

/** The staging table's columns, in the order a staged row gives them. */
export const STAGING_COLUMNS = [
  'line',
  'source_id',
  ...STAGED_DATA_COLUMNS,
  'refunded_cents',
  'refunded_at',
  'kind',
  'reverses_id',
  'vendor_id',
  'send_id',
  'attribution',
  'matched_code',
] as const;

/**
 * One parsed row, its values in STAGING_COLUMNS' order (dates as ISO text, the donor hash as decimal text). A reversal
 * row's date and amount are the reversal's (positive), `reversesId` the contribution it reverses; a skipped row's
 * reason is in `attribution`.
 */
export type StagedRow = [
  line: number,
  sourceId: string,
  contributedAt: string,
  amountCents: number,
  recurrenceNumber: number | null,
  donorHash: string | null,
  codes: string,
  campaign: string | null,
  refundedCents: number,
  refundedAt: string | null,
  kind: string,
  reversesId: string | null,
  vendorId: string | null,
  sendId: number | null,
  attribution: string,
  matchedCode: string | null,
];

/** A staged row as a line of COPY's text format. */
export const stagedLine = (row: StagedRow): string => copyLine(row);
