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
 * A preset of the mapping step: for each field, the column names a platform's export is documented to use, the first
 * one the file has being picked (docs/results.md says what each is built from). A starting mapping the user can change.
 */
export interface MappingPreset {
  id: 'winred' | 'anedot';
  label: string;
  fields: Partial<Record<Exclude<keyof ResultsMapping, 'codes'>, string[]>> & { codes?: string[] };
}

export const MAPPING_PRESETS: readonly MappingPreset[] = [
  {
    id: 'winred',
    label: 'WinRed export',
    fields: {
      id: ['Transaction ID', 'Charge ID', 'Donation ID', 'ID'],
      date: ['Date', 'Transaction Date', 'Created At', 'created_at'],
      amount: ['Gross Amount', 'Amount', 'amount'],
      email: ['Email', 'Donor Email', 'email'],
      codes: ['Source Code', 'source_code', 'Referral Code'],
      landingUrl: ['Page URL', 'Source URL', 'URL'],
      recurrence: ['Recurrence Number'],
      type: ['Type', 'Charge Type', 'charge_type', 'Transaction Type'],
      reverses: ['Original Transaction ID', 'Original Charge ID'],
    },
  },
  {
    id: 'anedot',
    label: 'Anedot export',
    fields: {
      id: ['Donation ID', 'donation_id', 'Transaction ID', 'ID'],
      date: ['Date', 'Donation Date', 'Created At', 'event_date'],
      amount: ['Amount', 'amount', 'Gross Amount'],
      email: ['Email', 'Donor Email', 'email'],
      codes: ['Source Code', 'Referrer', 'utm_source', 'Source'],
      landingUrl: ['Referrer URL', 'Page URL', 'URL'],
      type: ['Status', 'Event', 'Type', 'event'],
      reverses: ['Original Donation ID', 'Original Transaction ID'],
    },
  },
];

/** A preset applied to a header: each field the first of its column names the file has (any case). */
export function presetMapping(header: readonly string[], preset: MappingPreset): Partial<ResultsMapping> {
  const keys = new Map(header.map((name) => [headerKey(name), name] as const));
  const pick = (names: readonly string[] | undefined) =>
    names?.map((name) => keys.get(headerKey(name))).find((name) => name !== undefined);
  const mapping: Partial<ResultsMapping> = {};
  for (const [field, names] of Object.entries(preset.fields) as [keyof ResultsMapping, string[]][]) {
    if (field === 'codes') {
      const codes = names.map((name) => keys.get(headerKey(name))).filter((name) => name !== undefined);
      if (codes.length > 0) mapping.codes = codes;
      continue;
    }
    const name = pick(names);
    if (name !== undefined) mapping[field] = name;
  }
  return mapping;
}

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
  type: number | null;
  reverses: number | null;
  /** The header's number of fields: every row must have as many. */
  fieldCount: number;
}

/** The names of the file's columns a field reads, for messages ('Amount'). */
export type ColumnNames = Record<Exclude<keyof ColumnIndexes, 'codes' | 'fieldCount'>, string | null> & {
  codes: string[];
};

/**
 * A column as a mapping names it: its header name, which is the first column of that name; a later column of the same
 * name (WinRed's files repeat 'agency') as the name, '#' and its occurrence ('agency#2'). Every column of the header,
 * in order, as the mapping step offers it.
 */
export function columnReferences(header: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((name) => {
    const count = (seen.get(headerKey(name)) ?? 0) + 1;
    seen.set(headerKey(name), count);
    return count === 1 ? name : `${name}#${count}`;
  });
}

export type ColumnsResult =
  { ok: true; indexes: ColumnIndexes; names: ColumnNames } | { ok: false; message: string; missing: string[] };

/**
 * Finds the mapping's columns in a header. ActBlue's optional columns may be absent from a trimmed export; a column a
 * user mapped by hand must be there. The missing ones are named, as the file should have them.
 */
export function resolveColumns(header: readonly string[], mapping: ResultsMapping, isActBlue: boolean): ColumnsResult {
  const byKey = new Map<string, number>();
  columnReferences(header).forEach((reference, index) => {
    if (!byKey.has(headerKey(reference))) byKey.set(headerKey(reference), index);
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
    type: find(mapping.type, optionalRequired),
    reverses: find(mapping.reverses, optionalRequired),
    fieldCount: header.length,
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
  const references = columnReferences(header);
  const nameAt = (index: number | null) => (index === null ? null : (references[index] ?? null));
  return {
    ok: true,
    indexes: { ...indexes, id: indexes.id, date: indexes.date, amount: indexes.amount },
    names: {
      id: nameAt(indexes.id),
      date: nameAt(indexes.date),
      amount: nameAt(indexes.amount),
      email: nameAt(indexes.email),
      codes: indexes.codes.map((index) => references[index] ?? ''),
      landingUrl: nameAt(indexes.landingUrl),
      campaign: nameAt(indexes.campaign),
      refundDate: nameAt(indexes.refundDate),
      refundAmount: nameAt(indexes.refundAmount),
      recurrence: nameAt(indexes.recurrence),
      type: nameAt(indexes.type),
      reverses: nameAt(indexes.reverses),
    },
  };
}

/** Whether a saved mapping fits a file's header (every column it names is there). */
export function mappingFits(header: readonly string[], mapping: ResultsMapping): boolean {
  return resolveColumns(header, mapping, false).ok;
}
