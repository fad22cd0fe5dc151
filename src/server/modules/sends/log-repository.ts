import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { deploymentTracking, emailDeliveries, emailLogs } from '#server/db/schema';
import { isSendMessage } from '#server/mail/deliveries-repository';
import type { PricingModel } from '#shared/contracts/vendors';

/** The log as people read it: entries, their deliveries, one vendor's message. The queue writes it (src/server/mail). */

/** Who made a send (null when their account was deleted), or undefined when there is no such send. */
export async function findLogSender(db: Db, sendId: number): Promise<{ userId: number | null } | undefined> {
  const [row] = await db.select({ userId: emailLogs.userId }).from(emailLogs).where(eq(emailLogs.id, sendId));
  return row;
}

export async function haveFilesBeenRemoved(db: Db, sendId: number): Promise<boolean> {
  return (await db.$count(emailLogs, and(eq(emailLogs.id, sendId), isNotNull(emailLogs.filesRemovedAt)))) > 0;
}

/** The vendor's message of the send (not a follow-up in its thread). */
export async function findDelivery(db: Db, sendId: number, vendorId: string) {
  const [row] = await db
    .select()
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.sendId, sendId), eq(emailDeliveries.vendorId, vendorId), isSendMessage()));
  return row;
}

export interface LogFilters {
  client?: string;
  vendor?: string;
  q?: string;
  limit: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** What the log shows of each delivery's tracking (not what its vendor page shows). */
const trackingColumns = {
  status: deploymentTracking.status,
  receivedAt: deploymentTracking.receivedAt,
  scheduledDate: deploymentTracking.scheduledDate,
  scheduledTime: deploymentTracking.scheduledTime,
  segment: deploymentTracking.segment,
  plannedQuantity: deploymentTracking.plannedQuantity,
  seedTestSentAt: deploymentTracking.seedTestSentAt,
  reviewedAt: deploymentTracking.reviewedAt,
  reviewNote: deploymentTracking.reviewNote,
  deployedDate: deploymentTracking.deployedDate,
  deployedQuantity: deploymentTracking.deployedQuantity,
  cannotDeployReason: deploymentTracking.cannotDeployReason,
  note: deploymentTracking.note,
  remindedAt: deploymentTracking.remindedAt,
  updatedAt: deploymentTracking.updatedAt,
};

/** The terms kept with the tracking, as figures: what its expected spend is computed from. */
const trackingTermsColumns = {
  trackingPricingModel: sql<PricingModel | null>`${deploymentTracking.content}->>'pricingModel'`,
  trackingCosts: sql<Record<string, number | null> | null>`${deploymentTracking.content}->'costs'`,
};

/** The vendor's personal link: whether there is one, until when it works and whether the team turned it off. */
const vendorLinkColumns = {
  hasVendorLink: sql<boolean | null>`${deploymentTracking.tokenHash} is not null`,
  linkExpiresAt: deploymentTracking.linkExpiresAt,
  linkRevokedAt: deploymentTracking.linkRevokedAt,
};

export type LogRow = typeof emailLogs.$inferSelect;

/** Log entries newest first, with their vendors' messages in vendor order (follow-ups in their threads are not listed). */
export async function listLogs(db: Db, filters: LogFilters) {
  const conditions: SQL[] = [];
  if (filters.client) {
    conditions.push(
      sql`(${emailLogs.clientSlug} = ${filters.client} or lower(${emailLogs.clientName}) = lower(${filters.client}))`,
    );
  }
  if (filters.vendor) {
    conditions.push(
      sql`exists (select 1 from ${emailDeliveries} where ${emailDeliveries.sendId} = ${emailLogs.id} and ${emailDeliveries.kind} = 'send' and (${emailDeliveries.vendorId} = ${filters.vendor} or lower(${emailDeliveries.vendorName}) = lower(${filters.vendor})))`,
    );
  }
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    conditions.push(
      sql`exists (select 1 from unnest(${emailLogs.subjects}) as subject where subject ilike ${pattern})`,
    );
  }
  const logs = await db
    .select()
    .from(emailLogs)
    .where(and(...conditions))
    .orderBy(desc(emailLogs.sentAt), desc(emailLogs.id))
    .limit(filters.limit);
  const deliveries = await deliveriesOf(
    db,
    logs.map((log) => log.id),
  );
  return logs.map((log) => ({ log, deliveries: deliveries.filter((delivery) => delivery.sendId === log.id) }));
}

/** One log entry with its deliveries, or undefined when there is no such send. */
export async function findLog(db: Db, sendId: number) {
  const [log] = await db.select().from(emailLogs).where(eq(emailLogs.id, sendId));
  return log ? { log, deliveries: await deliveriesOf(db, [sendId]) } : undefined;
}

/** The deliveries of the given sends, in vendor order, each with its tracking and the terms kept with it. */
async function deliveriesOf(db: Db, sendIds: number[]) {
  if (sendIds.length === 0) return [];
  return db
    .select({
      sendId: emailDeliveries.sendId,
      vendorId: emailDeliveries.vendorId,
      vendorName: emailDeliveries.vendorName,
      status: emailDeliveries.status,
      lastError: emailDeliveries.lastError,
      attempts: emailDeliveries.attempts,
      sentAt: emailDeliveries.sentAt,
      nextAttemptAt: emailDeliveries.nextAttemptAt,
      terms: emailDeliveries.terms,
      addedAt: emailDeliveries.addedAt,
      addedByEmail: emailDeliveries.addedByEmail,
      tracking: trackingColumns,
      ...trackingTermsColumns,
      ...vendorLinkColumns,
    })
    .from(emailDeliveries)
    .leftJoin(deploymentTracking, eq(deploymentTracking.deliveryId, emailDeliveries.id))
    .where(and(inArray(emailDeliveries.sendId, sendIds), isSendMessage()))
    .orderBy(asc(emailDeliveries.id));
}

/** The vendor's personal link of a send, as its tracking row keeps it (no row when the send had none). */
export async function findVendorLink(db: Db, sendId: number, vendorId: string) {
  const [row] = await db
    .select({
      tokenHash: deploymentTracking.tokenHash,
      linkExpiresAt: deploymentTracking.linkExpiresAt,
      linkRevokedAt: deploymentTracking.linkRevokedAt,
    })
    .from(deploymentTracking)
    .where(and(eq(deploymentTracking.sendId, sendId), eq(deploymentTracking.vendorId, vendorId)));
  return row;
}
