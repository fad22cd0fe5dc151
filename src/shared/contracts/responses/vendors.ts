import * as z from 'zod/mini';

// What the vendor, vendor settings and approval address operations answer: plain schemas, no request-side checks
// (decision 0047).

export const vendor = z.object({
  vendorId: z.string(),
  name: z.string(),
  emails: z.array(z.string()),
  defaultUtmSource: z.string(),
  emailProspectingKey: z.nullable(z.string()),
  textProspectingKey: z.nullable(z.string()),
});
export type Vendor = z.infer<typeof vendor>;
export const vendorList = z.array(vendor);

/** The stored rows the vendor settings routes answer with. */
export const vendorSplitRow = z.object({ vendorId: z.string(), splitRatio: z.string() });
export const vendorUtmSourceRow = z.object({ vendorId: z.string(), utmSource: z.string() });
const storedMoney = z.nullable(z.number());
export const vendorCostsRow = z.object({
  vendorId: z.string(),
  costPerDonor: storedMoney,
  cpdBudget: storedMoney,
  costPerAcquisition: storedMoney,
  cpaBudget: storedMoney,
  costPerThousand: storedMoney,
  cpmBudget: storedMoney,
});

export const approvalEmail = z.object({ id: z.number(), email: z.string() });
export type ApprovalEmail = z.infer<typeof approvalEmail>;
export const approvalEmailList = z.array(approvalEmail);
