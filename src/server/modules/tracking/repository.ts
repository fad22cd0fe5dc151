import { and, asc, desc, eq, getTableColumns, gte, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { TrackingStatus, VendorDeliveryContent } from '#shared/contracts/tracking';
import type { PricingModel } from '#shared/contracts/vendors';
import type { Db, Tx } from '#server/db/client';
import { auditLog, deploymentTracking, emailDeliveries, emailLogs } from '#server/db/schema';
import { recordAudit } from '../audit';

export type TrackingRow = typeof deploymentTracking.$inferSelect;
export type TrackingChanges = Partial<Omit<TrackingRow, 'deliveryId' | 'sendId' | 'vendorId' | 'createdAt'>>;

/** The audit trail's entity for a delivery's tracking (entityId: the delivery's id). */
export const TRACKING_ENTITY = 'deployment-tracking';

/** The first tracking row of each of a send's deliveries, inside the send's transaction (the send calls it). */
export async function insertTrackingRows(tx: Db | Tx, rows: readonly (typeof deploymentTracking.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(deploymentTracking).values([...rows]);
}

/** What a link stands for: its tracking row and the send's time. */
export async function findByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ tracking: deploymentTracking, sentAt: emailLogs.sentAt })
    .from(deploymentTracking)
    .innerJoin(emailLogs, eq(emailLogs.id, deploymentTracking.sendId))
    .where(eq(deploymentTracking.tokenHash, tokenHash));
  return row;
}

/** Whether a vendor link with this token hash was ever issued (live, expired or revoked). */
export async function hasVendorLink(db: Db, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ deliveryId: deploymentTracking.deliveryId })
    .from(deploymentTracking)
    .where(eq(deploymentTracking.tokenHash, tokenHash))
    .limit(1);
  return row !== undefined;
}

/** When the send was mailed (its log's time): no deployment is dated before it. */
export async function findSendTime(db: Db, sendId: number): Promise<Date> {
  const [row] = await db.select({ sentAt: emailLogs.sentAt }).from(emailLogs).where(eq(emailLogs.id, sendId));
  if (!row) throw new Error(`no email log ${sendId}`);
  return row.sentAt;
}

export async function findByLogAndVendor(db: Db, sendId: number, vendorId: string) {
  const [row] = await db
    .select()
    .from(deploymentTracking)
    .where(and(eq(deploymentTracking.sendId, sendId), eq(deploymentTracking.vendorId, vendorId)));
  return row;
}

export interface AuditRecord {
  actorUserId: number | null;
  actorEmail: string;
  action: string;
  before: unknown;
  after: unknown;
}

/** The delivery's tracking row, locked until the transaction ends: actions on one delivery apply one after the other. */
export async function lockTracking(tx: Tx, deliveryId: number): Promise<TrackingRow> {
  const [row] = await tx
    .select()
    .from(deploymentTracking)
    .where(eq(deploymentTracking.deliveryId, deliveryId))
    .for('update');
  if (!row) throw new Error(`no tracking row for delivery ${deliveryId}`);
  return row;
}

/** Saves a change of the tracking row with its audit entry, inside the caller's transaction. */
export async function saveChange(
  tx: Tx,
  deliveryId: number,
  now: Date,
  changes: TrackingChanges,
  audit: AuditRecord,
): Promise<void> {
  await tx
    .update(deploymentTracking)
    .set({ ...changes, updatedAt: now })
    .where(eq(deploymentTracking.deliveryId, deliveryId));
  await recordAudit(
    tx,
    { id: audit.actorUserId, email: audit.actorEmail },
    { action: audit.action, entity: TRACKING_ENTITY, entityId: deliveryId, before: audit.before, after: audit.after },
    now,
  );
}

/**
 * Reads the row under a lock, lets `decide` say what changes, and saves the changes with their audit entry in the same
 * transaction: two actions on one delivery at once are applied one after the other, each on what the other left.
 */
export async function updateWithAudit<T>(
  db: Db,
  deliveryId: number,
  now: Date,
  decide: (row: TrackingRow) => { changes: TrackingChanges; audit: AuditRecord; result: T } | { refused: T },
): Promise<T> {
  return db.transaction(async (tx) => {
    const decision = decide(await lockTracking(tx, deliveryId));
    if ('refused' in decision) return decision.refused;
    await saveChange(tx, deliveryId, now, decision.changes, decision.audit);
    return decision.result;
  });
}

/** The delivery's tracking history, oldest first. */
export function listHistory(db: Db, deliveryId: number) {
  return db
    .select({ action: auditLog.action, actorEmail: auditLog.actorEmail, after: auditLog.after, at: auditLog.at })
    .from(auditLog)
    .where(and(eq(auditLog.entity, TRACKING_ENTITY), eq(auditLog.entityId, String(deliveryId))))
    .orderBy(asc(auditLog.id));
}

/** The delivery a tracking row belongs to: its Message-ID and addresses, for replies in the same thread. */
export async function findDelivery(db: Db, deliveryId: number) {
  const [row] = await db.select().from(emailDeliveries).where(eq(emailDeliveries.id, deliveryId));
  return row;
}

export interface BoardFilters {
  client?: string;
  vendor?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

/** The statuses that end a deployment: the board lists only the most recent of these. */
export const CLOSED_STATUSES: TrackingStatus[] = ['deployed', 'cannot-deploy'];

/** What the board and the per-send totals read of a delivery's kept content: its terms, not its cards. */
const termsColumns = {
  subject: sql<string>`${deploymentTracking.content}->>'subject'`,
  terms: sql<VendorDeliveryContent['terms']>`${deploymentTracking.content}->'terms'`,
  pricingModel: sql<PricingModel>`${deploymentTracking.content}->>'pricingModel'`,
  costs: sql<VendorDeliveryContent['costs']>`${deploymentTracking.content}->'costs'`,
};

/**
 * The open (or closed) tracked deliveries matching the filters, newest send first, at most `limit`; each row carries
 * `matching`, how many there are in all, so the board can say what it left out.
 */
export function listBoard(db: Db, filters: BoardFilters, which: 'open' | 'closed', limit: number) {
  const conditions: SQL[] = [
    which === 'open'
      ? notInArray(deploymentTracking.status, CLOSED_STATUSES)
      : inArray(deploymentTracking.status, CLOSED_STATUSES),
  ];
  if (filters.client) {
    conditions.push(
      or(eq(emailLogs.clientSlug, filters.client), sql`lower(${emailLogs.clientName}) = lower(${filters.client})`)!,
    );
  }
  if (filters.vendor) {
    conditions.push(
      or(
        eq(emailDeliveries.vendorId, filters.vendor),
        sql`lower(${emailDeliveries.vendorName}) = lower(${filters.vendor})`,
      )!,
    );
  }
  if (filters.from) conditions.push(gte(emailLogs.sentAt, filters.from));
  if (filters.to) conditions.push(lt(emailLogs.sentAt, filters.to));
  const {
    content: _content,
    attachmentKeys: _attachmentKeys,
    tokenHash: _tokenHash,
    ...trackingFields
  } = getTableColumns(deploymentTracking);
  return db
    .select({
      ...trackingFields,
      ...termsColumns,
      vendorName: emailDeliveries.vendorName,
      clientName: emailLogs.clientName,
      sentAt: emailLogs.sentAt,
      matching: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(deploymentTracking)
    .innerJoin(emailDeliveries, eq(emailDeliveries.id, deploymentTracking.deliveryId))
    .innerJoin(emailLogs, eq(emailLogs.id, deploymentTracking.sendId))
    .where(and(...conditions))
    .orderBy(desc(emailLogs.sentAt), asc(emailDeliveries.id))
    .limit(limit);
}

export type SpendRow = Awaited<ReturnType<typeof listSpendOfSends>>[number];

/** Every tracked delivery of these sends, whatever the board's filters: what each send's expected spend adds up. */
export function listSpendOfSends(db: Db, sendIds: readonly number[]) {
  if (sendIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      sendId: deploymentTracking.sendId,
      status: deploymentTracking.status,
      plannedQuantity: deploymentTracking.plannedQuantity,
      deployedQuantity: deploymentTracking.deployedQuantity,
      pricingModel: termsColumns.pricingModel,
      costs: termsColumns.costs,
    })
    .from(deploymentTracking)
    .where(inArray(deploymentTracking.sendId, [...sendIds]));
}
