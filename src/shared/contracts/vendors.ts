import { z } from 'zod';
import { emailAddress } from './common';
import { SPLIT_PATTERN } from './vendor-terms';

export { DEFAULT_PRICING_MODEL, DEFAULT_SPLIT, PRICING_MODELS, SPLIT_PATTERN, type PricingModel } from './vendor-terms';

const nullableKey = z
  .string({ error: 'must be text' })
  .trim()
  .max(500, { error: 'is too long' })
  .nullable()
  .transform((value) => (value === '' ? null : value));

export const vendorIdValue = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, { error: 'is required' })
  .max(64, { error: 'is too long' })
  .regex(/^[a-z0-9_-]+$/i, { error: 'may hold only letters, digits, - and _' });

export const vendorIdParam = z.object({ vendorId: vendorIdValue });

/** A vendor's addresses: trimmed, valid, lowercase and without duplicates. */
export const vendorEmails = z
  .array(emailAddress, { error: 'must be a list of e-mail addresses' })
  .max(50, { error: 'may hold at most 50 addresses' })
  .refine((emails) => new Set(emails).size === emails.length, { error: 'must not repeat an address' });

export const vendor = z.object({
  vendorId: z.string(),
  name: z.string(),
  emails: z.array(z.string()),
  defaultUtmSource: z.string(),
  emailProspectingKey: z.string().nullable(),
  textProspectingKey: z.string().nullable(),
});
export type Vendor = z.infer<typeof vendor>;
export const vendorList = z.array(vendor);

export const createVendorBody = z.object({
  vendorId: vendorIdValue,
  name: z.string({ error: 'must be text' }).trim().min(1, { error: 'is required' }).max(200, { error: 'is too long' }),
  emails: vendorEmails,
  defaultUtmSource: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, { error: 'is required' })
    .max(200, { error: 'is too long' }),
  emailProspectingKey: nullableKey.optional().default(null),
  textProspectingKey: nullableKey.optional().default(null),
});
export type CreateVendorBody = z.input<typeof createVendorBody>;

export const updateVendorBody = createVendorBody.omit({ vendorId: true });
export type UpdateVendorBody = z.input<typeof updateVendorBody>;

export const splitRatio = z
  .string({ error: "must be text like '60/40'" })
  .trim()
  .refine(
    (value) => {
      const match = SPLIT_PATTERN.exec(value);
      return match !== null && Number(match[1]) + Number(match[2]) === 100;
    },
    { error: "must be two whole numbers that sum to 100, like '60/40'" },
  )
  // One spelling per split: '060/40' is stored and shown as '60/40'.
  .transform((value) => {
    const [, a, b] = SPLIT_PATTERN.exec(value)!;
    return `${Number(a)}/${Number(b)}`;
  });

export const vendorSplit = z.object({ vendorId: vendorIdValue, splitRatio });
export type VendorSplit = z.infer<typeof vendorSplit>;
export const vendorSplitList = z.array(vendorSplit);

export const vendorUtmSource = z.object({
  vendorId: vendorIdValue,
  utmSource: z.string({ error: 'must be text' }).trim().max(200, { error: 'is too long' }),
});
export type VendorUtmSource = z.infer<typeof vendorUtmSource>;
export const vendorUtmSourceList = z.array(vendorUtmSource);

const money = z
  .number({ error: 'must be a number or null' })
  .finite({ error: 'must be a finite number' })
  .nonnegative({ error: 'must not be negative' })
  .max(1_000_000_000, { error: 'is too large' })
  .nullable();

export const vendorCosts = z.object({
  vendorId: vendorIdValue,
  costPerDonor: money.optional().default(null),
  cpdBudget: money.optional().default(null),
  costPerAcquisition: money.optional().default(null),
  cpaBudget: money.optional().default(null),
  costPerThousand: money.optional().default(null),
  cpmBudget: money.optional().default(null),
});
export type VendorCosts = z.infer<typeof vendorCosts>;
export const vendorCostsList = z.array(vendorCosts);

/** The stored rows the vendor settings routes answer with. */
export const vendorSplitRow = z.object({ vendorId: z.string(), splitRatio: z.string() });
export const vendorUtmSourceRow = z.object({ vendorId: z.string(), utmSource: z.string() });
export const vendorCostsRow = z.object({
  vendorId: z.string(),
  costPerDonor: z.number().nullable(),
  cpdBudget: z.number().nullable(),
  costPerAcquisition: z.number().nullable(),
  cpaBudget: z.number().nullable(),
  costPerThousand: z.number().nullable(),
  cpmBudget: z.number().nullable(),
});

export const approvalEmail = z.object({ id: z.number(), email: z.string() });
export type ApprovalEmail = z.infer<typeof approvalEmail>;
export const approvalEmailList = z.array(approvalEmail);
export const addApprovalEmailBody = z.object({ email: emailAddress });
