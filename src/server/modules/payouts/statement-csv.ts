import type { MonthOverview, Statement, StatementAdjustment, StatementLine } from '#shared/contracts/statements';
import { decimalDollars } from '#shared/payouts/money';
import { csvText } from '#shared/rules/csv-cells';

type Cell = string | number | null;

const dollars = (cents: number | null) => (cents === null ? '' : decimalDollars(cents));

/** The statement's columns, with what a line, an adjustment and the total put in each (nothing where none is given). */
const COLUMNS: {
  header: string;
  line?: (line: StatementLine) => Cell;
  adjustment?: (adjustment: StatementAdjustment) => Cell;
  total?: (statement: Statement) => Cell;
}[] = [
  { header: 'Kind', line: () => 'Line', adjustment: () => 'Adjustment', total: () => 'Total' },
  { header: 'Send', line: (line) => line.sendId, adjustment: (adjustment) => adjustment.sendId },
  { header: 'Sent', line: (line) => line.sentAt.slice(0, 10) },
  { header: 'Client', line: (line) => line.clientName ?? line.client },
  { header: 'Pricing model', line: (line) => line.pricingModel },
  {
    header: 'Terms',
    line: (line) => line.termsWording,
    total: (statement) => `${statement.vendorName ?? statement.vendorId}, ${statement.month}, ${statement.status}`,
  },
  { header: 'Contributions', line: (line) => line.contributions },
  { header: 'Donors', line: (line) => line.donors },
  { header: 'New donors', line: (line) => line.newDonors },
  { header: 'Gross ($)', line: (line) => dollars(line.grossCents) },
  { header: 'Refunded ($)', line: (line) => dollars(line.refundedCents) },
  { header: 'Net ($)', line: (line) => dollars(line.netCents) },
  { header: 'Quantity', line: (line) => line.quantity },
  { header: 'Reported quantity', line: (line) => line.reportedQuantity },
  {
    header: 'Owed ($)',
    line: (line) => dollars(line.owedCents),
    adjustment: (adjustment) => dollars(adjustment.owedCents),
    total: (statement) => dollars(statement.owedCents),
  },
  {
    header: 'Flags',
    line: (line) => line.flags.join('; '),
    total: (statement) =>
      statement.unknownLines > 0 ? `${statement.unknownLines} line(s) with an unknown amount not included` : '',
  },
  { header: 'Reason', adjustment: (adjustment) => `${adjustment.reason} (${adjustment.fromMonth} statement)` },
];

/** A balance carried in: its own row, 'Balance carried forward from …' in the reason. */
function carriedCell(header: string, carried: Statement['carried'][number]): Cell {
  if (header === 'Kind') return 'Carried';
  if (header === 'Owed ($)') return dollars(carried.owedCents);
  if (header === 'Reason') return carried.wording;
  return '';
}

/** Under the total of a statement below zero: not paid, carried to the next statement. */
function carriedToCell(header: string, statement: Statement): Cell {
  if (header === 'Kind') return 'Not paid';
  if (header === 'Reason') {
    return `Below zero: not paid; carried forward to the ${statement.carriedTo} statement`;
  }
  return '';
}

export const STATEMENT_CSV_HEADER = COLUMNS.map((column) => column.header);

/**
 * A statement as CSV: a row per line, per adjustment, and the total, every cell safe to open in a spreadsheet
 * (csvCell). Money in dollars with two decimals.
 */
export function statementCsv(statement: Statement): string {
  return csvText([
    STATEMENT_CSV_HEADER,
    ...statement.lines.map((line) => COLUMNS.map((column) => column.line?.(line) ?? '')),
    ...statement.adjustments.map((adjustment) => COLUMNS.map((column) => column.adjustment?.(adjustment) ?? '')),
    ...statement.carried.map((carried) => COLUMNS.map((column) => carriedCell(column.header, carried))),
    COLUMNS.map((column) => column.total?.(statement) ?? ''),
    ...(statement.carriedTo ? [COLUMNS.map((column) => carriedToCell(column.header, statement))] : []),
  ]);
}

export const OVERVIEW_CSV_HEADER = [
  'Vendor',
  'Vendor ID',
  'Status',
  'Lines',
  'Adjustments',
  'Owed ($)',
  'Carried ($)',
  'Total ($)',
  'Unknown amounts',
  'Carried forward to',
  'Paid on',
  'Reference',
];

/** The month's overview as CSV: a row per vendor, then the totals; every cell formula-safe (csvCell). */
export function overviewCsv(overview: MonthOverview): string {
  return csvText([
    OVERVIEW_CSV_HEADER,
    ...overview.vendors.map((row) => [
      row.vendorName ?? row.vendorId,
      row.vendorId,
      row.status,
      row.lines,
      row.adjustments,
      dollars(row.owedCents),
      dollars(row.carriedCents),
      dollars(row.totalCents),
      row.unknownLines,
      row.carriedTo ?? '',
      row.paidOn ?? '',
      row.reference ?? '',
    ]),
    [
      'Total',
      '',
      overview.month,
      '',
      '',
      dollars(overview.totals.owedCents),
      dollars(overview.totals.carriedCents),
      dollars(overview.totals.totalCents),
      overview.totals.unknownLines,
      '',
      '',
      '',
    ],
  ]);
}
