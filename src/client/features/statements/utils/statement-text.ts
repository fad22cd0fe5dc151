import type { Statement, StatementLine } from '#shared/contracts/statements';
import { monthName } from '#shared/payouts/month';
import { NEW_YORK_TIME_ZONE } from '#shared/rules/new-york-time';

// How a statement reads on the screen and in print: the same words in both places.

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const instantFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: NEW_YORK_TIME_ZONE });

/** A calendar date 'YYYY-MM-DD' for people: 'Nov 20, 2026' (read as the date it is, in no time zone). */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** An instant as its New York date for people: a send's date, the day a statement was finalized. */
export function formatNewYorkDay(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : instantFormat.format(date);
}

/** 'Open', 'Finalized on Nov 2, 2026 by ann@agency.test', 'Paid on Nov 20, 2026 ref CHK-1042'. */
export function statusText(statement: Pick<Statement, 'status' | 'finalized' | 'paid'>): string {
  if (statement.status === 'paid' && statement.paid)
    return `Paid on ${formatDay(statement.paid.paidOn)} ref ${statement.paid.reference}`;
  if (statement.status !== 'open' && statement.finalized)
    return `Finalized on ${formatNewYorkDay(statement.finalized.at)} by ${statement.finalized.by.email}`;
  return 'Open';
}

// A line's amount reads as everywhere else an amount owed is shown.
export { owedText } from '#shared/payouts/owed-text';

/**
 * The quantity a line counts, and the vendor's claim beside it when that differs (a claim above its plan or limit):
 * { counted: '10,000', claim: '(reported 1,000,000,000)' }.
 */
export function quantityParts(line: Pick<StatementLine, 'pricingModel' | 'quantity' | 'reportedQuantity'>): {
  counted: string;
  claim: string | null;
} {
  // Only a CPM amount needs a quantity: for the other models none is nothing missing.
  if (line.quantity === null && line.reportedQuantity === null)
    return { counted: line.pricingModel === 'CPM' ? 'Not reported' : '—', claim: null };
  const counted = line.quantity === null ? '—' : line.quantity.toLocaleString('en-US');
  if (line.reportedQuantity === null || line.reportedQuantity === line.quantity) return { counted, claim: null };
  return { counted, claim: `(reported ${line.reportedQuantity.toLocaleString('en-US')})` };
}

/** The total, and how many lines it leaves out because their amount is unknown. */
export function totalNote(statement: Pick<Statement, 'unknownLines'>): string | null {
  if (statement.unknownLines === 0) return null;
  return `Leaves out ${statement.unknownLines} ${statement.unknownLines === 1 ? 'line' : 'lines'} whose amount is unknown.`;
}

/** A finalized total below zero: never paid, carried forward ('Below zero: not paid, carried forward to …'). */
export function carriedToNote(statement: Pick<Statement, 'carriedTo'>): string | null {
  if (!statement.carriedTo) return null;
  return `Below zero: not paid, carried forward to the ${monthName(statement.carriedTo)} statement.`;
}
