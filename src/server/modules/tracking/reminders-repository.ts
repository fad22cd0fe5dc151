import { and, asc, eq, gt, isNotNull, isNull, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { ReminderCandidate, ReminderKind } from '#shared/rules/reminders';
import type { Db } from '#server/db/client';
import { deploymentTracking, emailDeliveries, emailLogs } from '#server/db/schema';
import type { Tx } from '#server/db/client';
import { CLOSED_STATUSES, lockTracking } from './repository';

// Reminders (issue 14 item 5): which deliveries may be due one, and what queueing one writes besides the message.

/** The follow-up key of a reminder of this kind: unique per original message, so each kind goes out once (issue 14 item 5). */
export const reminderKey = (kind: ReminderKind) => `reminder:${kind}`;

/** The reminder keys already queued for the original message (the outer query's delivery), as a text array. */
const sentKeys = sql<
  string[]
>`coalesce((select array_agg(f.follow_up_key) from email_deliveries f where f.reply_to_delivery_id = ${emailDeliveries.id} and f.kind = 'reminder'), '{}')`;

const candidateColumns = {
  deliveryId: emailDeliveries.id,
  sendId: emailLogs.id,
  vendorId: emailDeliveries.vendorId,
  remindersEnabled: emailLogs.remindersEnabled,
  deliveryStatus: emailDeliveries.status,
  sentAt: emailDeliveries.sentAt,
  tokenHash: deploymentTracking.tokenHash,
  linkExpiresAt: deploymentTracking.linkExpiresAt,
  linkRevokedAt: deploymentTracking.linkRevokedAt,
  status: deploymentTracking.status,
  receivedAt: deploymentTracking.receivedAt,
  scheduledDate: deploymentTracking.scheduledDate,
  scheduledTime: deploymentTracking.scheduledTime,
  remindedAt: deploymentTracking.remindedAt,
  sentKeys,
};

interface CandidateRow extends Omit<ReminderCandidate, 'hasLink' | 'sentKinds'> {
  remindedAt: Date | null;
  deliveryId: number;
  sendId: number;
  vendorId: string;
  tokenHash: string | null;
  sentKeys: string[];
}

export type StoredCandidate = ReminderCandidate & {
  deliveryId: number;
  sendId: number;
  vendorId: string;
  remindedAt: Date | null;
};

function candidateOf(row: CandidateRow): StoredCandidate {
  return {
    deliveryId: row.deliveryId,
    sendId: row.sendId,
    vendorId: row.vendorId,
    remindersEnabled: row.remindersEnabled,
    deliveryStatus: row.deliveryStatus,
    sentAt: row.sentAt,
    hasLink: row.tokenHash !== null,
    linkExpiresAt: row.linkExpiresAt,
    linkRevokedAt: row.linkRevokedAt,
    status: row.status,
    receivedAt: row.receivedAt,
    scheduledDate: row.scheduledDate,
    scheduledTime: row.scheduledTime,
    remindedAt: row.remindedAt,
    sentKinds: row.sentKeys
      .filter((key) => key.startsWith('reminder:'))
      .map((key) => key.slice('reminder:'.length) as ReminderKind),
  };
}

function candidates(db: Db | Tx) {
  return db
    .select(candidateColumns)
    .from(deploymentTracking)
    .innerJoin(emailDeliveries, eq(emailDeliveries.id, deploymentTracking.deliveryId))
    .innerJoin(emailLogs, eq(emailLogs.id, deploymentTracking.sendId));
}

/** No reminder of this kind queued yet for the original message (the outer query's delivery). */
const hasNoReminder = (kind: ReminderKind) =>
  sql`not exists (select 1 from email_deliveries f where f.reply_to_delivery_id = ${emailDeliveries.id} and f.kind = 'reminder' and f.follow_up_key = ${reminderKey(kind)})`;

/**
 * Deliveries due a reminder, lowest id first: the send's reminders on, the message sent, its link live, nothing reported
 * that ends the deployment, and either silent since `sentBefore` with no 'unacknowledged' reminder yet, or scheduled at
 * or before `scheduledBy` (a New York 'YYYY-MM-DDTHH:MM', compared as text as the rule does) with no 'overdue' reminder
 * yet. Each branch leaves out the deliveries already reminded of its kind, so what this returns is what the rule
 * (dueReminder, which still decides) finds due: a delivery reminded once drops out instead of holding a place in every
 * later batch, and the batch always reaches the next ones. `skipIds` are left out too (the sweep's set-aside failures).
 */
export async function findReminderCandidates(
  db: Db,
  now: Date,
  sentBefore: Date,
  scheduledBy: string,
  limit: number,
  skipIds: readonly number[] = [],
): Promise<StoredCandidate[]> {
  const scheduledAt = sql<string>`${deploymentTracking.scheduledDate} || 'T' || coalesce(${deploymentTracking.scheduledTime}, '00:00')`;
  const rows = await candidates(db)
    .where(
      and(
        eq(emailLogs.remindersEnabled, true),
        eq(emailDeliveries.status, 'sent'),
        skipIds.length > 0 ? notInArray(emailDeliveries.id, [...skipIds]) : undefined,
        isNotNull(deploymentTracking.tokenHash),
        isNull(deploymentTracking.linkRevokedAt),
        gt(deploymentTracking.linkExpiresAt, now),
        notInArray(deploymentTracking.status, CLOSED_STATUSES),
        or(
          and(
            eq(deploymentTracking.status, 'sent'),
            isNull(deploymentTracking.receivedAt),
            lte(emailDeliveries.sentAt, sentBefore),
            hasNoReminder('unacknowledged'),
          ),
          and(
            // The rule asks a silent vendor for an acknowledgement only, never for a deployment report.
            or(ne(deploymentTracking.status, 'sent'), isNotNull(deploymentTracking.receivedAt)),
            isNotNull(deploymentTracking.scheduledDate),
            sql`${scheduledAt} <= ${scheduledBy}`,
            hasNoReminder('overdue'),
          ),
        ),
      ),
    )
    .orderBy(asc(emailDeliveries.id))
    .limit(limit);
  return rows.map(candidateOf);
}

/** One delivery as the rule reads it, with its tracking row locked for the rest of the transaction. */
export async function lockCandidate(tx: Tx, deliveryId: number): Promise<StoredCandidate | undefined> {
  await lockTracking(tx, deliveryId);
  const [row] = await candidates(tx).where(eq(emailDeliveries.id, deliveryId));
  return row && candidateOf(row);
}
