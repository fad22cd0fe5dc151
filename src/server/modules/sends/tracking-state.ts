import type { TrackingState } from '#shared/contracts/tracking';
import type { deploymentTracking } from '#server/db/schema';

// The tracking row of a delivery is made with the send (its link, its first state); the Deployment Log and the
// tracking module show its state through this one view.
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A tracking row as the API shows it. */
export type TrackingStateFields = Pick<
  typeof deploymentTracking.$inferSelect,
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
