import * as z from 'zod/mini';

// Answers of /api/vendor-performance (issue 24 items 4 and 5), plain: the browser parses them (the send page's
// 'Select Vendors' the recent one). Ratios are basis points (1 % = 100), money cents, dates New York YYYY-MM-DD.

const sourced = <S extends z.ZodMiniType>(value: S) => z.object({ value, sendIds: z.array(z.number()) });
const count = sourced(z.number());
const ratio = sourced(z.nullable(z.number()));

/** One send of a vendor, for the charts over time. */
export const performancePoint = z.object({
  sendId: z.number(),
  /** The New York date it went out. */
  date: z.string(),
  netCents: z.number(),
  owedCents: z.nullable(z.number()),
  costPerNewDonorCents: z.nullable(z.number()),
  roiBasisPoints: z.nullable(z.number()),
});
export type PerformancePoint = z.infer<typeof performancePoint>;

export const performanceMonth = z.object({
  month: z.string(),
  owedCents: z.number(),
  unknownOwed: z.number(),
  netCents: z.number(),
  sendIds: z.array(z.number()),
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
  from: z.string(),
  to: z.string(),
  vendors: z.array(vendorPerformance),
  /** Every vendor together, per month. */
  months: z.array(performanceMonth),
});
export type PerformanceReport = z.infer<typeof performanceReport>;

/** The last 90 days of one vendor, as 'Select Vendors' shows it. */
export const recentVendorPerformance = z.object({
  vendorId: z.string(),
  sends: z.number(),
  contributions: z.number(),
  costPerNewDonorCents: z.nullable(z.number()),
  roiBasisPoints: z.nullable(z.number()),
});
export type RecentVendorPerformance = z.infer<typeof recentVendorPerformance>;

/** from and to are New York dates (YYYY-MM-DD), as the server wrote them. */
export const recentPerformance = z.object({
  client: z.string(),
  from: z.string(),
  to: z.string(),
  vendors: z.array(recentVendorPerformance),
});
export type RecentPerformance = z.infer<typeof recentPerformance>;
