import * as z from 'zod/mini';
import { isoDate } from './results';

// Vendor performance (issue 24 items 4 and 5): per vendor, for a client and a period of send dates, the figures the
// agency picks vendors by, each with the sends it comes from. Ratios are basis points (1 % = 100), money cents.

export const performanceQuery = z.object({
  client: z.string(),
  from: z.optional(isoDate),
  to: z.optional(isoDate),
});
export type PerformanceQuery = z.infer<typeof performanceQuery>;

const sourced = <S extends z.ZodMiniType>(value: S) => z.object({ value, sendIds: z.array(z.int()) });
const count = sourced(z.int());
const ratio = sourced(z.nullable(z.int()));

/** One send of a vendor, for the charts over time. */
export const performancePoint = z.object({
  sendId: z.int(),
  /** The New York date it went out. */
  date: isoDate,
  netCents: z.int(),
  owedCents: z.nullable(z.int()),
  costPerNewDonorCents: z.nullable(z.int()),
  roiBasisPoints: z.nullable(z.int()),
});
export type PerformancePoint = z.infer<typeof performancePoint>;

export const performanceMonth = z.object({
  month: z.string(),
  owedCents: z.int(),
  unknownOwed: z.int(),
  netCents: z.int(),
  sendIds: z.array(z.int()),
});
export type PerformanceMonth = z.infer<typeof performanceMonth>;

export const vendorPerformance = z.object({
  vendorId: z.string(),
  name: z.string(),
  sends: count,
  contributions: count,
  quantityDeployed: count,
  netCents: count,
  owedCents: count,
  unknownOwed: count,
  roiBasisPoints: ratio,
  costPerDonorCents: ratio,
  costPerNewDonorCents: ratio,
  onTimeRateBasisPoints: ratio,
  points: z.array(performancePoint),
  months: z.array(performanceMonth),
});
export type VendorPerformance = z.infer<typeof vendorPerformance>;

export const performanceReport = z.object({
  client: z.string(),
  from: isoDate,
  to: isoDate,
  vendors: z.array(vendorPerformance),
  /** Every vendor together, per month. */
  months: z.array(performanceMonth),
});
export type PerformanceReport = z.infer<typeof performanceReport>;

export const recentPerformanceQuery = z.object({ client: z.string() });

/** The last 90 days of one vendor, as 'Select Vendors' shows it. */
export const recentVendorPerformance = z.object({
  vendorId: z.string(),
  sends: z.int(),
  contributions: z.int(),
  costPerNewDonorCents: z.nullable(z.int()),
  roiBasisPoints: z.nullable(z.int()),
});
export type RecentVendorPerformance = z.infer<typeof recentVendorPerformance>;

/** from and to are New York dates (YYYY-MM-DD), as the server wrote them: read by the send page's light shape. */
export const recentPerformance = z.object({
  client: z.string(),
  from: z.string(),
  to: z.string(),
  vendors: z.array(recentVendorPerformance),
});
export type RecentPerformance = z.infer<typeof recentPerformance>;
