/** A number a spreadsheet reads as a number and never as a formula: '-12.50', '3', '0.075'. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** What a spreadsheet starts a formula with (OWASP's list for CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/**
 * One cell of a CSV file a person opens in a spreadsheet: text that would start a formula (=, +, -, @, tab, carriage
 * return) is prefixed with an apostrophe, so a value from a vendor or a file (a name, a reference) can never run as one;
 * plain numbers stay numbers. Quoted as RFC 4180 says when needed.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  const safe = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows of cells as CSV text, CRLF between records (RFC 4180). */
export function csvText(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
