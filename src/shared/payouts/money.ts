/** Integer cents: every amount the payouts work with. */
export type Cents = number;

/**
 * `numerator / denominator` rounded to the nearest integer, a half away from zero, in integer arithmetic (BigInt),
 * so no amount passes through a binary fraction: 1/2 → 1, -1/2 → -1, 3/2 → 2.
 */
export function divideRounded(numerator: bigint | number, denominator: bigint | number): number {
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  if (d === 0n) throw new RangeError('division by zero');
  const negative = n < 0n !== d < 0n;
  const a = n < 0n ? -n : n;
  const b = d < 0n ? -d : d;
  const rounded = (2n * a + b) / (2n * b);
  return Number(negative ? -rounded : rounded);
}

/** '$5,000', '$12.50', '12.5', '$0.075' → cents (rounded a half away from zero); null for anything else ('[Not set]'). */
export function centsOfDollarText(text: string): Cents | null {
  const match = /^\s*(-)?\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*$/.exec(text);
  if (!match) return null;
  const whole = match[2]!.replaceAll(',', '');
  const fraction = match[3] ?? '';
  const scale = 10n ** BigInt(fraction.length);
  const cents = divideRounded(BigInt(whole + fraction) * 100n, scale);
  return match[1] ? -cents : cents;
}

/** Cents as dollars for people: 123456 → '$1,234.56', -5 → '-$0.05'. Integer arithmetic only. */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const dollars = Math.trunc(absolute / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(absolute % 100).padStart(2, '0')}`;
}

/** Cents as a plain decimal for a spreadsheet: 123456 → '1234.56', -5 → '-0.05'. Integer arithmetic only. */
export function decimalDollars(cents: Cents): string {
  const absolute = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}
