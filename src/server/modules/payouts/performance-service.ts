import { findClient } from '#shared/clients';
import {
  recentPerformance as recentPerformanceAnswer,
  type PerformanceReport,
  type RecentPerformance,
  type VendorPerformance,
} from '#shared/contracts/performance';
import {
  costPerCents,
  monthlyOf,
  performanceOf,
  roiBasisPoints,
  type PerformanceSend,
} from '#shared/payouts/performance';
import { daysBefore, newYorkDate, newYorkDayStart, nextDay } from '#shared/rules/new-york-time';
import type { ReadCache, WatchedTable } from '#server/cache/read-cache';
import { badRequest } from '#server/errors';
import { toJsonBytes, type JsonBytes } from '#server/http/cached-json';
import * as repo from './repository';
import { amountOwedOf } from './service';
import type { PayoutDeps } from './statement-service';

/** The days 'Select Vendors' looks back over, today included; also the report's default period. */
export const RECENT_DAYS = 90;

/**
 * The tables whose writes change the figures: a write to any of them drops the cached recent figures (migration 0021).
 * A new or deleted send shows through its deployment_tracking rows (made and deleted with its deliveries), and who
 * reported a quantity changes with its tracking row; email_deliveries is not watched (the delivery queue writes it all
 * the time).
 */
export const PERFORMANCE_TABLES: readonly WatchedTable[] = [
  'contributions',
  'deployment_tracking',
  'quantity_acceptances',
  'vendor_quantity_limits',
];

interface VendorSends {
  vendorId: string;
  name: string;
  sends: PerformanceSend[];
}

/** The client's sends dated in [from, to] (New York days), per vendor, each as the performance figures read it. */
async function sendsByVendor(deps: PayoutDeps, client: string, from: string, to: string): Promise<VendorSends[]> {
  if (!findClient(client)) throw badRequest('client is not a known client', { field: 'client' });
  if (from > to) throw badRequest('from must be on or before to', { field: 'from' });
  const inputs = await repo.listOwedInputs(deps.db, {
    clientSlug: client,
    from: newYorkDayStart(from),
    to: newYorkDayStart(nextDay(to)),
  });
  const vendors = new Map<string, VendorSends>();
  for (const input of inputs) {
    const owed = amountOwedOf(input);
    let vendor = vendors.get(input.vendorId);
    if (!vendor) vendors.set(input.vendorId, (vendor = { vendorId: input.vendorId, name: '', sends: [] }));
    // Ordered by send time: the latest send's name is the vendor's name now.
    vendor.name = input.vendorName;
    vendor.sends.push({
      sendId: input.sendId,
      date: newYorkDate(input.sentAt),
      contributions: owed.contributions,
      netCents: owed.netCents,
      donors: owed.donors,
      newDonors: owed.newDonors,
      owedCents: owed.owedCents,
      quantity: input.deployedQuantity,
      scheduledDate: input.scheduledDate,
      deployedDate: input.deployedDate,
    });
  }
  return [...vendors.values()].sort((a, b) => a.name.localeCompare(b.name));
}

const periodOf = (deps: PayoutDeps, range: { from?: string; to?: string }) => {
  const to = range.to ?? newYorkDate(deps.clock.now());
  return { from: range.from ?? daysBefore(to, RECENT_DAYS - 1), to };
};

/** Per vendor over the client's sends in the period (default: the last 90 days): GET /api/vendor-performance. */
export async function vendorPerformance(
  deps: PayoutDeps,
  client: string,
  range: { from?: string; to?: string },
): Promise<PerformanceReport> {
  const { from, to } = periodOf(deps, range);
  const vendors = await sendsByVendor(deps, client, from, to);
  return {
    client,
    from,
    to,
    vendors: vendors.map(({ vendorId, name, sends }): VendorPerformance => ({
      vendorId,
      name,
      ...performanceOf(sends),
      points: sends.map((send) => ({
        sendId: send.sendId,
        date: send.date,
        netCents: send.netCents,
        owedCents: send.owedCents,
        costPerNewDonorCents: costPerCents(send.owedCents, send.newDonors),
        roiBasisPoints: roiBasisPoints(send.netCents, send.owedCents),
      })),
      months: monthlyOf(sends),
    })),
    months: monthlyOf(vendors.flatMap((vendor) => vendor.sends)),
  };
}

/** Each vendor's cost per new donor and ROI over the client's last 90 days, for 'Select Vendors'. */
export async function recentPerformance(deps: PayoutDeps, client: string): Promise<RecentPerformance> {
  const { from, to } = periodOf(deps, {});
  const vendors = await sendsByVendor(deps, client, from, to);
  return {
    client,
    from,
    to,
    vendors: vendors.map(({ vendorId, sends }) => {
      const figures = performanceOf(sends);
      return {
        vendorId,
        sends: figures.sends.value,
        contributions: figures.contributions.value,
        costPerNewDonorCents: figures.costPerNewDonorCents.value,
        roiBasisPoints: figures.roiBasisPoints.value,
      };
    }),
  };
}

/**
 * The recent figures as bytes with their ETag, kept in the read cache per client and New York day until a write to a
 * table they come from commits: every send page asks once its client is chosen.
 */
export function cachedRecentPerformance(deps: PayoutDeps & { cache: ReadCache }, client: string): Promise<JsonBytes> {
  const today = newYorkDate(deps.clock.now());
  return deps.cache.read(`vendor-performance recent ${client} ${today}`, PERFORMANCE_TABLES, async () =>
    toJsonBytes(await recentPerformance(deps, client), recentPerformanceAnswer),
  );
}
