import * as z from 'zod/mini';
import { emailAddress, shortId } from './common';
import { SPLIT_PATTERN } from './vendor-terms';

export { DEFAULT_PRICING_MODEL, DEFAULT_SPLIT, PRICING_MODELS, SPLIT_PATTERN, type PricingModel } from './vendor-terms';

const nullableKey = z.pipe(
  z.nullable(z.string({ error: 'must be text' }).check(z.trim(), z.maxLength(500, { error: 'is too long' }))),
  z.transform((value: string | null) => (value === '' ? null : value)),
);

export const vendorIdValue = shortId;

/** A vendor's addresses: trimmed, valid, lowercase and without duplicates. */
export const vendorEmails = z.array(emailAddress, { error: 'must be a list of e-mail addresses' }).check(
  z.maxLength(50, { error: 'may hold at most 50 addresses' }),
  z.refine((emails) => new Set(emails).size === emails.length, { error: 'must not repeat an address' }),
);

const requiredText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .check(z.trim(), z.minLength(1, { error: 'is required' }), z.maxLength(max, { error: 'is too long' }));

export const createVendorBody = z.object({
  vendorId: vendorIdValue,
  name: requiredText(200),
  emails: vendorEmails,
  defaultUtmSource: requiredText(200),
  emailProspectingKey: z._default(z.optional(nullableKey), null),
  textProspectingKey: z._default(z.optional(nullableKey), null),
});
export type CreateVendorBody = z.input<typeof createVendorBody>;

export const updateVendorBody = z.omit(createVendorBody, { vendorId: true });
export type UpdateVendorBody = z.input<typeof updateVendorBody>;

export const splitRatio = z.pipe(
  z.string({ error: "must be text like '60/40'" }).check(
    z.trim(),
    z.refine(
      (value) => {
        const match = SPLIT_PATTERN.exec(value);
        return match !== null && Number(match[1]) + Number(match[2]) === 100;
      },
      { error: "must be two whole numbers that sum to 100, like '60/40'" },
    ),
  ),
  // One spelling per split: '060/40' is stored and shown as '60/40'.
  z.transform((value: string) => {
    const [, a, b] = SPLIT_PATTERN.exec(value)!;
    return `${Number(a)}/${Number(b)}`;
  }),
);

export const vendorSplit = z.object({ vendorId: vendorIdValue, splitRatio });
export type VendorSplit = z.infer<typeof vendorSplit>;
export const vendorSplitList = z.array(vendorSplit);

export const vendorUtmSource = z.object({
  vendorId: vendorIdValue,
  utmSource: z.string({ error: 'must be text' }).check(z.trim(), z.maxLength(200, { error: 'is too long' })),
});
export type VendorUtmSource = z.infer<typeof vendorUtmSource>;
export const vendorUtmSourceList = z.array(vendorUtmSource);

const money = z._default(
  z.optional(
    z.nullable(
      z
        .number({ error: 'must be a number or null' })
        .check(z.nonnegative({ error: 'must not be negative' }), z.lte(1_000_000_000, { error: 'is too large' })),
    ),
  ),
  null,
);

export const vendorCosts = z.object({
  vendorId: vendorIdValue,
  costPerDonor: money,
  cpdBudget: money,
  costPerAcquisition: money,
  cpaBudget: money,
  costPerThousand: money,
  cpmBudget: money,
});
export type VendorCosts = z.infer<typeof vendorCosts>;
export const vendorCostsList = z.array(vendorCosts);

export const addApprovalEmailBody = z.object({ email: emailAddress });

export * from './responses/vendors';
