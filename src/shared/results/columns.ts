import type { ResultsMapping } from '../contracts/results';

/** The columns of ActBlue's contribution export, in its order (the tests and the benchmark write files with them). */
export const ACTBLUE_COLUMNS = [
  'Receipt ID',
  'Date',
  'Amount',
  'Recurring Total Months',
  'Recurrence Number',
  'Recipient',
  'Fundraising Page',
  'Reference Code',
  'Reference Code 2',
  'Donor First Name',
  'Donor Last Name',
  'Donor ZIP',
  'Donor Email',
  'Lineitem ID',
  'Refund ID',
  'Refund Date',
  'Fee',
] as const;

/** ActBlue's contribution export: the columns that map themselves (its header names, as ActBlue writes them). */
export const ACTBLUE_MAPPING: ResultsMapping = {
  id: 'Lineitem ID',
  date: 'Date',
  amount: 'Amount',
  email: 'Donor Email',
  codes: ['Reference Code', 'Reference Code 2'],
  landingUrl: 'Fundraising Page',
  campaign: 'Reference Code 2',
  refundDate: 'Refund Date',
  recurrence: 'Recurrence Number',
};

/**
 * The header that tells an ActBlue export: its 'Receipt ID' (never the contribution's id, which is 'Lineitem ID'). An
 * ActBlue file missing a column it needs is then told which, rather than asked for a mapping.
 */
const ACTBLUE_SIGNATURE = ['Receipt ID'];

export const NOT_ACTBLUE = "The file's columns are not ActBlue's: choose which column holds what";

/** A header name as compared: trimmed, case and a byte-order mark ignored. */
function headerKey(name: string): string {
  return name
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();
}

export function isActBlueHeader(header: readonly string[]): boolean {
  const keys = new Set(header.map(headerKey));
  return ACTBLUE_SIGNATURE.every((name) => keys.has(headerKey(name)));
}

/** Where each mapped field is in a row: column indexes (codes in the mapping's order). */
export interface ColumnIndexes {
  id: number;
  date: number;
  amount: number;
  email: number | null;
  codes: number[];
  landingUrl: number | null;
  campaign: number | null;
  refundDate: number | null;
  refundAmount: number | null;
  recurrence: number | null;
}

/** The names of the file's columns a field reads, for messages ('Amount'). */
export type ColumnNames = Record<Exclude<keyof ColumnIndexes, 'codes'>, string | null> & { codes: string[] };

export type ColumnsResult =
  { ok: true; indexes: ColumnIndexes; names: ColumnNames } | { ok: false; message: string; missing: string[] };

/**
 * Finds the mapping's columns in a header. ActBlue's optional columns may be absent from a trimmed export; a column a
 * user mapped by hand must be there. The missing ones are named, as the file should have them.
 */
export function resolveColumns(header: readonly string[], mapping: ResultsMapping, isActBlue: boolean): ColumnsResult {
  const byKey = new Map<string, number>();
  header.forEach((name, index) => {
    if (!byKey.has(headerKey(name))) byKey.set(headerKey(name), index);
  });
  const missing: string[] = [];
  const find = (name: string | undefined, required: boolean): number | null => {
    if (name === undefined || name.trim() === '') return null;
    const index = byKey.get(headerKey(name));
    if (index === undefined) {
      if (required && !missing.includes(name)) missing.push(name);
      return null;
    }
    return index;
  };
  const optionalRequired = !isActBlue;
  const indexes = {
    id: find(mapping.id, true),
    date: find(mapping.date, true),
    amount: find(mapping.amount, true),
    email: find(mapping.email, optionalRequired),
    codes: (mapping.codes ?? []).map((name) => find(name, optionalRequired)).filter((index) => index !== null),
    landingUrl: find(mapping.landingUrl, optionalRequired),
    campaign: find(mapping.campaign, optionalRequired),
    refundDate: find(mapping.refundDate, optionalRequired),
    refundAmount: find(mapping.refundAmount, optionalRequired),
    recurrence: find(mapping.recurrence, optionalRequired),
  };
  if (missing.length > 0 || indexes.id === null || indexes.date === null || indexes.amount === null) {
    const list = missing.map((name) => `'${name}'`).join(', ');
    return {
      ok: false,
      missing,
      message: `The file has no ${missing.length > 1 ? 'columns' : 'column'} ${list}: ${
        isActBlue ? 'export the contributions again with every column' : 'check the column mapping'
      }`,
    };
  }
  const nameAt = (index: number | null) => (index === null ? null : (header[index] ?? null));
  return {
    ok: true,
    indexes: { ...indexes, id: indexes.id, date: indexes.date, amount: indexes.amount },
    names: {
      id: nameAt(indexes.id),
      date: nameAt(indexes.date),
      amount: nameAt(indexes.amount),
      email: nameAt(indexes.email),
      codes: indexes.codes.map((index) => header[index] ?? ''),
      landingUrl: nameAt(indexes.landingUrl),
      campaign: nameAt(indexes.campaign),
      refundDate: nameAt(indexes.refundDate),
      refundAmount: nameAt(indexes.refundAmount),
      recurrence: nameAt(indexes.recurrence),
    },
  };
}

/** Whether a saved mapping fits a file's header (every column it names is there). */
export function mappingFits(header: readonly string[], mapping: ResultsMapping): boolean {
  return resolveColumns(header, mapping, false).ok;
}
