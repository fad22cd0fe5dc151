import type { TrackingEvent, TrackingState } from '#shared/contracts/tracking';
import type { TrackingRow } from './repository';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A tracking row as the API shows it. */
export type TrackingStateFields = Pick<
  TrackingRow,
  | 'status'
  | 'receivedAt'
  | 'scheduledDate'
  | 'scheduledTime'
  | 'segment'
  | 'plannedQuantity'
  | 'seedTestSentAt'
  | 'reviewedAt'
  | 'reviewNote'
  | 'deployedDate'
  | 'deployedQuantity'
  | 'cannotDeployReason'
  | 'note'
  | 'remindedAt'
  | 'updatedAt'
>;

export function trackingStateOf(row: TrackingStateFields): TrackingState {
  return {
    status: row.status,
    receivedAt: iso(row.receivedAt),
    scheduledDate: row.scheduledDate,
    scheduledTime: row.scheduledTime,
    segment: row.segment,
    plannedQuantity: row.plannedQuantity,
    seedTestSentAt: iso(row.seedTestSentAt),
    reviewedAt: iso(row.reviewedAt),
    reviewNote: row.reviewNote,
    deployedDate: row.deployedDate,
    deployedQuantity: row.deployedQuantity,
    cannotDeployReason: row.cannotDeployReason,
    note: row.note,
    remindedAt: iso(row.remindedAt),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The audit trail's actor for a vendor acting through its link. */
export const vendorActor = (vendorId: string) => `vendor:${vendorId}`;

/** An audit entry of the delivery's tracking as a line of its history: the vendor's, or the team's (a person or the reminders). */
export function trackingEventOf(entry: {
  action: string;
  actorEmail: string;
  after: unknown;
  at: Date;
}): TrackingEvent {
  const after = (entry.after ?? {}) as { summary?: unknown };
  return {
    at: entry.at.toISOString(),
    by: entry.actorEmail.startsWith('vendor:') ? 'vendor' : 'team',
    action: entry.action.replace(/^tracking\./, ''),
    summary: typeof after.summary === 'string' ? after.summary : entry.action,
  };
}
