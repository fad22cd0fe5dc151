import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DeliveryTerms } from '#shared/contracts/sends';
import type { Db } from '#server/db/client';
import {
  quantityAcceptances,
  statementAdjustments,
  statementCarriedBalances,
  statementLines,
  statements,
  vendorQuantityLimits,
} from '#server/db/schema';
import { TRACKING_ENTITY } from '../tracking';

export * from './books-repository';

/**
 * Which vendors' messages of which sends: by vendor, by send, by the send's client, by the send's time (from inclusive,
 * to exclusive).
 */
export interface DeliverySelection {
  vendorId?: string;
  clientSlug?: string;
  sendIds?: readonly number[];
  from?: Date;
  to?: Date;
}

/** Everything an amount owed is worked out from, for one vendor's message of one send. */
export interface OwedInputs {
  deliveryId: number;
  sendId: number;
  vendorId: string;
  vendorName: string;
  sentAt: Date;
  clientSlug: string | null;
  clientName: string | null;
  /** As the message carried them; null for a message sent before terms were kept. */
  terms: DeliveryTerms | null;
  contributions: number;
  donors: number;
  newDonors: number;
  grossCents: number;
  refundedCents: number;
  plannedQuantity: number | null;
  deployedQuantity: number | null;
  /** Whether the deployed quantity came through the vendor's link (true) or 'Record an update' (false). */
  isReportedByVendor: boolean;
  /** Whether the planned quantity is the vendor's own (scheduled through its link) rather than the team's. */
  isPlannedByVendor: boolean;
  acceptedQuantity: number | null;
  vendorLimit: number | null;
  /** The tracking's New York dates, YYYY-MM-DD: what the vendor scheduled, and when it deployed. */
  scheduledDate: string | null;
  deployedDate: string | null;
}

const number = (value: unknown) => Number(value ?? 0);
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * One query over the selected deliveries, their results figures (the counting rules of the results module, grouped by
 * send and vendor), their tracking, who reported the deployed quantity (the tracking's audit trail: a vendor's entries
 * have no user), an admin's acceptance and the vendor's limit. Ordered by the send's time.
 */
export async function listOwedInputs(db: Db, selection: DeliverySelection): Promise<OwedInputs[]> {
  const conditions: SQL[] = [sql`d.kind = 'send'`];
  if (selection.vendorId !== undefined) conditions.push(sql`d.vendor_id = ${selection.vendorId}`);
  if (selection.clientSlug !== undefined) conditions.push(sql`l.client_slug = ${selection.clientSlug}`);
  if (selection.sendIds !== undefined) {
    if (selection.sendIds.length === 0) return [];
    conditions.push(sql`d.log_id = ANY(${sql.param([...selection.sendIds])}::int[])`);
  }
  if (selection.from) conditions.push(sql`l.sent_at >= ${selection.from.toISOString()}`);
  if (selection.to) conditions.push(sql`l.sent_at < ${selection.to.toISOString()}`);
  const result = await db.execute<Record<string, unknown>>(sql`
    WITH chosen AS MATERIALIZED (
      SELECT d.id AS delivery_id, d.log_id AS send_id, d.vendor_id, d.vendor_name, d.terms,
             l.sent_at, l.client_slug, l.client_name
        FROM email_deliveries d JOIN email_logs l ON l.id = d.log_id
       WHERE ${sql.join(conditions, sql` AND `)}
    )
    -- Joined on its primary key, not through a CTE: the planner cannot size a CTE's join and loops over it per row.
    SELECT chosen.*, f.contributions, f.donors, f.new_donors, f.gross_cents AS gross, f.refunded_cents AS refunded,
           t.planned_quantity, t.deployed_quantity, t.scheduled_date, t.deployed_date,
           (SELECT a.actor_user_id IS NULL FROM audit_log a
             WHERE a.entity = ${TRACKING_ENTITY} AND a.entity_id = chosen.delivery_id::text
               AND a.after -> 'deployedQuantity' IS NOT NULL
             ORDER BY a.id DESC LIMIT 1) AS reported_by_vendor,
           (SELECT a.actor_user_id IS NULL FROM audit_log a
             WHERE a.entity = ${TRACKING_ENTITY} AND a.entity_id = chosen.delivery_id::text
               AND a.after -> 'plannedQuantity' IS NOT NULL
             ORDER BY a.id DESC LIMIT 1) AS planned_by_vendor,
           q.quantity AS accepted_quantity, lim.quantity_limit
      FROM chosen
      LEFT JOIN send_vendor_figures f ON f.send_id = chosen.send_id AND f.vendor_id = chosen.vendor_id
      LEFT JOIN deployment_tracking t ON t.delivery_id = chosen.delivery_id
      LEFT JOIN quantity_acceptances q ON q.delivery_id = chosen.delivery_id
      LEFT JOIN vendor_quantity_limits lim ON lim.vendor_id = chosen.vendor_id
     ORDER BY chosen.sent_at, chosen.send_id, chosen.vendor_id`);
  return result.rows.map((row) => ({
    deliveryId: number(row.delivery_id),
    sendId: number(row.send_id),
    vendorId: row.vendor_id as string,
    vendorName: row.vendor_name as string,
    sentAt: new Date(row.sent_at as string | Date),
    clientSlug: (row.client_slug as string | null) ?? null,
    clientName: (row.client_name as string | null) ?? null,
    terms: (row.terms as DeliveryTerms | null) ?? null,
    contributions: number(row.contributions),
    donors: number(row.donors),
    newDonors: number(row.new_donors),
    grossCents: number(row.gross),
    refundedCents: number(row.refunded),
    plannedQuantity: numberOrNull(row.planned_quantity),
    deployedQuantity: numberOrNull(row.deployed_quantity),
    // A quantity with no entry saying who reported it is taken as the vendor's claim.
    isReportedByVendor: row.reported_by_vendor !== false,
    // Likewise a plan: only the team's own plan (an entry with a user) bounds a claim.
    isPlannedByVendor: row.planned_by_vendor !== false,
    acceptedQuantity: numberOrNull(row.accepted_quantity),
    vendorLimit: numberOrNull(row.quantity_limit),
    scheduledDate: (row.scheduled_date as string | null) ?? null,
    deployedDate: (row.deployed_date as string | null) ?? null,
  }));
}

/** One vendor's statements, one at a time: finalizing and the adjustments it reads never interleave (both databases). */
export async function lockVendorStatements(tx: Db, vendorId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`statements:${vendorId}`}))`);
}

export type StatementRow = typeof statements.$inferSelect;
export type StatementLineRow = typeof statementLines.$inferSelect;
export type StatementAdjustmentRow = typeof statementAdjustments.$inferSelect;

export async function findStatement(db: Db, vendorId: string, month: string): Promise<StatementRow | undefined> {
  const [row] = await db
    .select()
    .from(statements)
    .where(and(eq(statements.vendorId, vendorId), eq(statements.month, month)));
  return row;
}

export async function readFrozen(db: Db, statementId: number) {
  const [lines, adjustments] = await Promise.all([
    db
      .select()
      .from(statementLines)
      .where(eq(statementLines.statementId, statementId))
      .orderBy(asc(statementLines.sentAt), asc(statementLines.sendId)),
    db
      .select()
      .from(statementAdjustments)
      .where(eq(statementAdjustments.statementId, statementId))
      .orderBy(asc(statementAdjustments.fromMonth), asc(statementAdjustments.sendId)),
  ]);
  return { lines, adjustments };
}

export type NewStatement = Omit<typeof statements.$inferInsert, 'id'>;
export type NewLine = Omit<typeof statementLines.$inferInsert, 'statementId'>;
export type NewAdjustment = Omit<typeof statementAdjustments.$inferInsert, 'statementId'>;

/** Freezes a statement with its lines and adjustments; undefined when the month was finalized already. */
export async function insertFrozen(
  tx: Db,
  statement: NewStatement,
  lines: NewLine[],
  adjustments: NewAdjustment[],
  carried: { fromMonth: string; owedCents: number }[] = [],
): Promise<number | undefined> {
  const [row] = await tx
    .insert(statements)
    .values(statement)
    .onConflictDoNothing({ target: [statements.vendorId, statements.month] })
    .returning({ id: statements.id });
  if (!row) return undefined;
  if (lines.length > 0) await tx.insert(statementLines).values(lines.map((line) => ({ ...line, statementId: row.id })));
  if (adjustments.length > 0) {
    await tx
      .insert(statementAdjustments)
      .values(adjustments.map((adjustment) => ({ ...adjustment, statementId: row.id })));
  }
  if (carried.length > 0) {
    await tx.insert(statementCarriedBalances).values(carried.map((each) => ({ ...each, statementId: row.id })));
  }
  return row.id;
}

/** Marks a finalized, unpaid statement paid; false when there is none such. */
export async function markPaid(
  tx: Db,
  statementId: number,
  payment: { paidOn: string; reference: string; at: Date; userId: number; email: string },
): Promise<boolean> {
  const rows = await tx
    .update(statements)
    .set({
      paidOn: payment.paidOn,
      paymentReference: payment.reference,
      paidAt: payment.at,
      paidByUserId: payment.userId,
      paidByEmail: payment.email,
    })
    .where(and(eq(statements.id, statementId), isNull(statements.paidOn)))
    .returning({ id: statements.id });
  return rows.length > 0;
}

export async function saveAcceptance(
  tx: Db,
  acceptance: { deliveryId: number; quantity: number; at: Date; userId: number; email: string },
): Promise<void> {
  const values = {
    quantity: acceptance.quantity,
    acceptedAt: acceptance.at,
    acceptedByUserId: acceptance.userId,
    acceptedByEmail: acceptance.email,
  };
  await tx
    .insert(quantityAcceptances)
    .values({ deliveryId: acceptance.deliveryId, ...values })
    .onConflictDoUpdate({ target: quantityAcceptances.deliveryId, set: values });
}

export async function vendorName(db: Db, vendorId: string): Promise<string | undefined> {
  const result = await db.execute<{ name: string }>(sql`SELECT name FROM vendors WHERE vendor_id = ${vendorId}`);
  return result.rows[0]?.name;
}

export function listQuantityLimits(db: Db) {
  return db
    .select({ vendorId: vendorQuantityLimits.vendorId, quantityLimit: vendorQuantityLimits.quantityLimit })
    .from(vendorQuantityLimits)
    .orderBy(asc(vendorQuantityLimits.vendorId));
}

/** Sets or (null) removes a vendor's limit; the limit before. */
export async function saveQuantityLimit(
  tx: Db,
  vendorId: string,
  quantityLimit: number | null,
  at: Date,
): Promise<number | null> {
  const [before] = await tx
    .select({ quantityLimit: vendorQuantityLimits.quantityLimit })
    .from(vendorQuantityLimits)
    .where(eq(vendorQuantityLimits.vendorId, vendorId))
    .for('update');
  if (quantityLimit === null) {
    await tx.delete(vendorQuantityLimits).where(eq(vendorQuantityLimits.vendorId, vendorId));
  } else {
    await tx
      .insert(vendorQuantityLimits)
      .values({ vendorId, quantityLimit, updatedAt: at })
      .onConflictDoUpdate({ target: vendorQuantityLimits.vendorId, set: { quantityLimit, updatedAt: at } });
  }
  return before?.quantityLimit ?? null;
}
