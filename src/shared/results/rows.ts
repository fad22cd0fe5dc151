import type { ColumnIndexes, ColumnNames } from './columns';
import {
  isYearOutOfRange,
  MAX_YEAR,
  MIN_YEAR,
  normaliseCode,
  normaliseEmail,
  parseCents,
  parseNewYorkDateTime,
  urlParameters,
} from './values';

/**
 * What a row is: a gift (a contribution), a reversal of one (a refund, a chargeback or dispute, a void: a negative
 * amount, or a type column saying so), or a row that is neither (a $0 fee row, a payout), skipped with its reason.
 */
export type RowKind = 'gift' | 'refund' | 'chargeback' | 'void' | 'skip';

/** The largest amount one row may carry: $10,000,000.00 (so that no sum of a file's rows can lose precision). */
export const MAX_ROW_CENTS = 1_000_000_000;

export const ZERO_ROW_REASON = '$0 rows (fees, not gifts)';

/** A reversal's kind as a type column writes it, 'gift' for a gift's, 'skip' for neither; null when it says nothing. */
export function kindOfType(value: string): RowKind | null {
  const text = value.trim().toLowerCase();
  if (text === '') return null;
  if (/revers|won/.test(text)) return 'skip';
  if (/chargeback|charge back|dispute/.test(text)) return 'chargeback';
  if (/refund|returned/.test(text)) return 'refund';
  if (/void/.test(text)) return 'void';
  if (/payout|fee|transfer|adjustment/.test(text)) return 'skip';
  return 'gift';
}

/** One contribution as read from a row of the file, before the donor's e-mail is hashed. */
export interface ResultRow {
  kind: RowKind;
  /** A reversal's: the id of the contribution it reverses (the 'reverses' column, else its own id). */
  reversesId: string | null;
  /** A skipped row's: why. */
  skipReason: string | null;
  /** The file's line number (the header is line 1). */
  line: number;
  sourceId: string;
  /** A reversal's: the date it was made. */
  contributedAt: Date;
  /** A reversal's: what it takes back, positive. */
  amountCents: number;
  /** Normalised, without repeats, in the order read: the code columns, then the landing URL's utm_source and refcode. */
  codes: string[];
  /** Normalised; the campaign column, else the landing URL's utm_campaign. */
  campaign: string | null;
  refundedCents: number;
  refundedAt: Date | null;
  recurrenceNumber: number | null;
  /** Normalised; null when the file has none for this row. */
  email: string | null;
}

export type RowResult = { ok: true; row: ResultRow } | { ok: false; message: string };

const at = (fields: readonly string[], index: number | null) => (index === null ? '' : (fields[index] ?? '').trim());

function rowError(line: number, column: string | null, what: string, value: string) {
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return { ok: false as const, message: `Line ${line}, column '${column ?? ''}': ${what} ('${shown}')` };
}

function dateError(line: number, column: string | null, text: string) {
  return isYearOutOfRange(text)
    ? rowError(line, column, `this date is not between the years ${MIN_YEAR} and ${MAX_YEAR}`, text)
    : rowError(line, column, 'this is not a date', text);
}

function addCode(codes: string[], value: string | null) {
  const code = value === null ? '' : normaliseCode(value);
  if (code !== '' && !codes.includes(code)) codes.push(code);
}

function readAmount(line: number, column: string | null, text: string): RowResult | number {
  const cents = parseCents(text);
  if (cents === null) return rowError(line, column, 'this is not an amount', text);
  if (Math.abs(cents) > MAX_ROW_CENTS) return rowError(line, column, 'an amount above $10,000,000.00', text);
  return cents;
}

/**
 * Reads one row of the file with the mapping's columns. A row with more or fewer fields than the header, an
 * unreadable date or amount is an error naming the line (and column); the import then stores nothing. A row is a
 * reversal when its amount is negative or its type column says so (kindOfType), reversing the contribution its
 * 'reverses' column names, else the one of its own id; a $0 row is skipped. A gift's refund read from its own row
 * (ActBlue's Refund Date, a refund amount column) is the refund amount column when mapped, else the whole amount.
 */
export function readRow(
  fields: readonly string[],
  line: number,
  indexes: ColumnIndexes,
  names: ColumnNames,
): RowResult {
  if (fields.length !== indexes.fieldCount) {
    return {
      ok: false,
      message: `Line ${line}: the row has ${fields.length} ${fields.length === 1 ? 'field' : 'fields'}, the header has ${indexes.fieldCount}: every row must have as many fields as the header.`,
    };
  }
  const sourceId = at(fields, indexes.id);
  if (sourceId === '') return rowError(line, names.id, 'the contribution id is empty', sourceId);
  const dateText = at(fields, indexes.date);
  const contributedAt = parseNewYorkDateTime(dateText);
  if (!contributedAt) return dateError(line, names.date, dateText);
  const amount = readAmount(line, names.amount, at(fields, indexes.amount));
  if (typeof amount !== 'number') return amount;
  const typeKind = indexes.type === null ? null : kindOfType(at(fields, indexes.type));
  let kind: RowKind = typeKind ?? 'gift';
  let skipReason: string | null = null;
  if (amount === 0) {
    kind = 'skip';
    skipReason = ZERO_ROW_REASON;
  } else if (kind === 'skip') {
    skipReason = `rows of type '${at(fields, indexes.type).slice(0, 40)}' (not a gift or a reversal)`;
  } else if (amount < 0 && kind === 'gift') kind = 'refund';
  const isReversal = kind === 'refund' || kind === 'chargeback' || kind === 'void';
  const amountCents = kind === 'gift' ? amount : Math.abs(amount);
  const reversesId = isReversal ? at(fields, indexes.reverses) || sourceId : null;

  const refundDateText = at(fields, indexes.refundDate);
  let refundedAt: Date | null = null;
  if (refundDateText !== '') {
    refundedAt = parseNewYorkDateTime(refundDateText);
    if (!refundedAt) return dateError(line, names.refundDate, refundDateText);
  }
  let refundedCents = 0;
  const refundText = at(fields, indexes.refundAmount);
  if (refundText !== '') {
    const refund = readAmount(line, names.refundAmount, refundText);
    if (typeof refund !== 'number') return refund;
    refundedCents = Math.abs(refund);
  } else if (refundedAt) {
    refundedCents = amountCents;
  }
  if (kind !== 'gift') refundedCents = 0;

  const recurrenceText = at(fields, indexes.recurrence);
  let recurrenceNumber: number | null = null;
  if (recurrenceText !== '') {
    recurrenceNumber = /^\d{1,9}$/.test(recurrenceText) ? Number(recurrenceText) : null;
    if (recurrenceNumber === null) return rowError(line, names.recurrence, 'this is not a number', recurrenceText);
  }

  const codes: string[] = [];
  for (const index of indexes.codes) addCode(codes, at(fields, index));
  const landing = urlParameters(at(fields, indexes.landingUrl));
  addCode(codes, landing.get('utm_source') ?? null);
  addCode(codes, landing.get('refcode') ?? null);
  const campaignText = at(fields, indexes.campaign) || landing.get('utm_campaign') || '';
  const campaign = campaignText === '' ? null : normaliseCode(campaignText);
  const email = at(fields, indexes.email);

  return {
    ok: true,
    row: {
      kind,
      reversesId,
      skipReason,
      line,
      sourceId,
      contributedAt,
      amountCents,
      codes,
      campaign,
      refundedCents,
      refundedAt,
      recurrenceNumber,
      email: email === '' ? null : normaliseEmail(email),
    },
  };
}
