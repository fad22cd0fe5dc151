import type { Statement } from '#shared/contracts/statements';
import { decimalDollars } from '#shared/payouts/money';
import { csvText } from '#shared/rules/csv-cells';

const dollars = (cents: number | null) => (cents === null ? '' : decimalDollars(cents));

export const STATEMENT_CSV_HEADER = [
  'Kind',
  'Send',
  'Sent',
  'Client',
  'Pricing model',
  'Terms',
  'Contributions',
  'Donors',
  'New donors',
  'Gross ($)',
  'Refunded ($)',
  'Net ($)',
  'Quantity',
  'Reported quantity',
  'Owed ($)',
  'Flags',
  'Reason',
] as const;

/**
 * A statement as CSV: a row per line, per adjustment, and the total, every cell safe to open in a spreadsheet
 * (csvCell). Money in dollars with two decimals.
 */
export function statementCsv(statement: Statement): string {
  const lines = statement.lines.map((line) => [
    'Line',
    line.sendId,
    line.sentAt.slice(0, 10),
    line.clientName ?? line.client,
    line.pricingModel,
    line.termsWording,
    line.contributions,
    line.donors,
    line.newDonors,
    dollars(line.grossCents),
    dollars(line.refundedCents),
    dollars(line.netCents),
    line.quantity,
    line.reportedQuantity,
    dollars(line.owedCents),
    line.flags.join('; '),
    '',
  ]);
  const adjustments = statement.adjustments.map((adjustment) => [
    'Adjustment',
    adjustment.sendId,
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    dollars(adjustment.owedCents),
    '',
    `${adjustment.reason} (${adjustment.fromMonth} statement)`,
  ]);
  const status = `${statement.vendorName ?? statement.vendorId}, ${statement.month}, ${statement.status}`;
  const unknown =
    statement.unknownLines > 0 ? `${statement.unknownLines} line(s) with an unknown amount not included` : '';
  const total = [
    'Total',
    '',
    '',
    '',
    '',
    status,
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    dollars(statement.owedCents),
    unknown,
    '',
  ];
  return csvText([[...STATEMENT_CSV_HEADER], ...lines, ...adjustments, total]);
}
