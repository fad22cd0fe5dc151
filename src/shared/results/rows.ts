import type { ColumnIndexes, ColumnNames } from './columns';
import { normaliseCode, normaliseEmail, parseCents, parseNewYorkDateTime, urlParameter } from './values';

/** One contribution as read from a row of the file, before the donor's e-mail is hashed. */
export interface ResultRow {
  /** The file's line number (the header is line 1). */
  line: number;
  sourceId: string;
  contributedAt: Date;
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

function addCode(codes: string[], value: string | null) {
  const code = value === null ? '' : normaliseCode(value);
  if (code !== '' && !codes.includes(code)) codes.push(code);
}

/**
 * Reads one row of the file with the mapping's columns. An unreadable date or amount is an error naming the line and
 * column (the import then stores nothing). A refund is the refund amount column when mapped, else the whole amount
 * when the row has a refund date; a negative amount (WinRed's refund rows) is kept as it is and never attributed.
 */
export function readRow(
  fields: readonly string[],
  line: number,
  indexes: ColumnIndexes,
  names: ColumnNames,
): RowResult {
  const sourceId = at(fields, indexes.id);
  if (sourceId === '') return rowError(line, names.id, 'the contribution id is empty', sourceId);
  const dateText = at(fields, indexes.date);
  const contributedAt = parseNewYorkDateTime(dateText);
  if (!contributedAt) return rowError(line, names.date, 'this is not a date', dateText);
  const amountText = at(fields, indexes.amount);
  const amountCents = parseCents(amountText);
  if (amountCents === null) return rowError(line, names.amount, 'this is not an amount', amountText);

  const refundDateText = at(fields, indexes.refundDate);
  let refundedAt: Date | null = null;
  if (refundDateText !== '') {
    refundedAt = parseNewYorkDateTime(refundDateText);
    if (!refundedAt) return rowError(line, names.refundDate, 'this is not a date', refundDateText);
  }
  let refundedCents = 0;
  const refundText = at(fields, indexes.refundAmount);
  if (refundText !== '') {
    const refund = parseCents(refundText);
    if (refund === null) return rowError(line, names.refundAmount, 'this is not an amount', refundText);
    refundedCents = Math.min(Math.abs(refund), Math.max(amountCents, 0));
  } else if (refundedAt) {
    refundedCents = Math.max(amountCents, 0);
  }

  const recurrenceText = at(fields, indexes.recurrence);
  let recurrenceNumber: number | null = null;
  if (recurrenceText !== '') {
    recurrenceNumber = /^\d{1,9}$/.test(recurrenceText) ? Number(recurrenceText) : null;
    if (recurrenceNumber === null) return rowError(line, names.recurrence, 'this is not a number', recurrenceText);
  }

  const codes: string[] = [];
  for (const index of indexes.codes) addCode(codes, at(fields, index));
  const landingUrl = at(fields, indexes.landingUrl);
  if (landingUrl !== '') {
    addCode(codes, urlParameter(landingUrl, 'utm_source'));
    addCode(codes, urlParameter(landingUrl, 'refcode'));
  }
  const campaignText = at(fields, indexes.campaign) || (landingUrl && urlParameter(landingUrl, 'utm_campaign')) || '';
  const campaign = campaignText === '' ? null : normaliseCode(campaignText);
  const email = at(fields, indexes.email);

  return {
    ok: true,
    row: {
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
