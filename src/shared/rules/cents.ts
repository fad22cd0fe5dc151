const groupedWhole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, useGrouping: true });

/**
 * '$1,234.56' from 123456 cents: the dollars by integer division and the cents by remainder, so no amount ever passes
 * through a fraction of a dollar in floating point. Negative amounts read '-$10.00'.
 */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const magnitude = Math.abs(cents);
  const dollars = (magnitude - (magnitude % 100)) / 100;
  const rest = magnitude % 100;
  return `${cents < 0 ? '-' : ''}$${groupedWhole.format(dollars)}.${String(rest).padStart(2, '0')}`;
}
