import * as z from 'zod/mini';
import { isoDate, isoMonth } from './dates';

/**
 * Payouts (issue 24): what each vendor is owed per send, and its monthly statements (open, finalized, paid). Money is
 * integer cents; an amount that cannot be known is null, with the flag that says why. The answers are plain schemas in
 * responses/statements.ts (the browser loads them); these are the requests the server checks.
 */

export * from './responses/statements';

export const statementMonth = isoMonth;
export const statementVendorId = z.string().check(z.minLength(1, { error: 'must name a vendor' }));

/** With a vendor, its statement; without, the month's overview of every vendor (issue 34). */
export const statementQuery = z.object({ vendorId: z.optional(statementVendorId), month: statementMonth });

/** Finalizing a month that has not ended needs `{ "confirm": true }`. */
export const finalizeBody = z.optional(z.object({ confirm: z.optional(z.boolean()) }));

export const paidBody = z.object({
  paidOn: isoDate,
  reference: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'must say how it was paid (a check number, a transfer reference)' }),
      z.maxLength(200, { error: 'must be at most 200 characters' }),
    ),
});

/** Accepting a vendor's reported quantity above what it may count: the quantity accepted, as reported. */
export const acceptQuantityBody = z.object({
  quantity: z.number().check(z.int(), z.nonnegative(), z.maximum(2_147_483_647)),
});

export const vendorQuantityLimitBody = z.object({
  quantityLimit: z.nullable(z.number().check(z.int(), z.nonnegative(), z.maximum(2_147_483_647))),
});
