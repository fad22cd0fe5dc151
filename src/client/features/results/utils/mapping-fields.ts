import type { ResultsMapping } from '#shared/contracts/results';

type SingleField = Exclude<keyof ResultsMapping, 'codes'>;

/** The mapping step's fields, in the order the screen asks for them; the first three are required. */
export const MAPPING_FIELDS: { field: SingleField; label: string; isRequired: boolean }[] = [
  { field: 'id', label: 'Contribution id', isRequired: true },
  { field: 'date', label: 'Date', isRequired: true },
  { field: 'amount', label: 'Amount', isRequired: true },
  { field: 'email', label: 'Donor e-mail', isRequired: false },
  { field: 'landingUrl', label: 'Landing URL', isRequired: false },
  { field: 'campaign', label: 'Campaign', isRequired: false },
  { field: 'refundDate', label: 'Refund date', isRequired: false },
  { field: 'refundAmount', label: 'Refund amount', isRequired: false },
  { field: 'recurrence', label: 'Recurrence number', isRequired: false },
  { field: 'type', label: 'Row type (refund, chargeback, void)', isRequired: false },
  { field: 'reverses', label: 'Reverses (the original id)', isRequired: false },
];

/**
 * What the mapping step edits: a column per field ('' for none) and the code columns, each as the mapping names it
 * (columnReferences: a repeated name's later column as 'agency#2').
 */
export type MappingDraft = Record<SingleField, string> & { codes: string[] };

/** The draft of a mapping (saved, or a preset's) over the file's column references; columns it lacks are left out. */
export function draftFrom(mapping: Partial<ResultsMapping> | null, columns: readonly string[]): MappingDraft {
  const has = (column: string | undefined) => (column !== undefined && columns.includes(column) ? column : '');
  const draft = { codes: (mapping?.codes ?? []).filter((column) => columns.includes(column)) } as MappingDraft;
  for (const { field } of MAPPING_FIELDS) draft[field] = has(mapping?.[field]);
  return draft;
}

/** The mapping to send, or null while a required field has no column. */
export function mappingFrom(draft: MappingDraft): ResultsMapping | null {
  if (!draft.id || !draft.date || !draft.amount) return null;
  const mapping: ResultsMapping = { id: draft.id, date: draft.date, amount: draft.amount };
  for (const { field, isRequired } of MAPPING_FIELDS) if (!isRequired && draft[field]) mapping[field] = draft[field];
  if (draft.codes.length > 0) mapping.codes = draft.codes;
  return mapping;
}
