/** The largest limit the server stores (a PostgreSQL integer). */
export const MAX_QUANTITY_LIMIT = 2_147_483_647;

/**
 * The quantity limit field's text read as the limit to save: a whole number, or empty for none; else what to fix.
 * Separators people type ('250,000', '250 000') are read too.
 */
export function quantityLimitOf(text: string): { quantityLimit: number | null } | { problem: string } {
  const digits = text.trim().replace(/[,\s]/g, '');
  if (digits === '') return { quantityLimit: null };
  if (!/^\d+$/.test(digits)) return { problem: 'Enter a whole number of messages, or leave it empty for no limit.' };
  const quantityLimit = Number(digits);
  if (quantityLimit > MAX_QUANTITY_LIMIT)
    return { problem: `Enter a limit of at most ${MAX_QUANTITY_LIMIT.toLocaleString('en-US')}.` };
  return { quantityLimit };
}
