import type { SeedTestReview, TrackingStatus, VendorAction } from '../contracts/tracking';
import { formatEndDateShort } from './end-date-format';
import { TRACKING_STATUSES } from '../contracts/responses/tracking';

/** The part of a delivery's tracking that actions change (dates as YYYY-MM-DD, times as HH:MM, New York). */
export interface TrackingFields {
  status: TrackingStatus;
  receivedAt: Date | null;
  scheduledDate: string | null;
  scheduledTime: string | null;
  segment: string | null;
  plannedQuantity: number | null;
  seedTestSentAt: Date | null;
  reviewedAt: Date | null;
  reviewNote: string | null;
  deployedDate: string | null;
  deployedQuantity: number | null;
  cannotDeployReason: string | null;
  note: string | null;
}

export type ActionOutcome =
  { ok: true; changes: Partial<TrackingFields>; summary: string } | { ok: false; status: 409 | 422; message: string };

const wholeNumber = new Intl.NumberFormat('en-US');
export const formatQuantity = (value: number) => wholeNumber.format(value);

/** The statuses a plan or report can move to 'scheduled' from (a later stage keeps its own status). */
const BEFORE_SEED_TEST: readonly TrackingStatus[] = ['sent', 'received', 'scheduled', 'cannot-deploy'];

const refuse = (status: 409 | 422, message: string): ActionOutcome => ({ ok: false, status, message });

/**
 * What one vendor action does to the delivery's tracking, or why it is refused. `today` is the New York date, `mailedOn`
 * the New York date the send was mailed (no deployment before it). Pure: the service saves the changes and the audit
 * trail the summary.
 */
export function applyVendorAction(
  current: TrackingFields,
  action: VendorAction,
  now: Date,
  today: string,
  mailedOn: string,
): ActionOutcome {
  const isDeployed = current.status === 'deployed';
  const received = { receivedAt: current.receivedAt ?? now };
  switch (action.action) {
    case 'received':
      return {
        ok: true,
        changes: { ...received, status: current.status === 'sent' ? 'received' : current.status },
        summary: 'Received',
      };
    case 'scheduled':
      if (isDeployed) return refuse(409, 'This deployment is already reported as deployed.');
      return {
        ok: true,
        changes: {
          ...received,
          status: BEFORE_SEED_TEST.includes(current.status) ? 'scheduled' : current.status,
          scheduledDate: action.date,
          scheduledTime: action.time,
          segment: action.segment,
          plannedQuantity: action.plannedQuantity,
          cannotDeployReason: null,
        },
        summary: `Scheduled for ${action.date} ${action.time} (New York time), ${action.segment}, ${formatQuantity(action.plannedQuantity)} planned`,
      };
    case 'seed-test-sent':
      if (isDeployed) return refuse(409, 'This deployment is already reported as deployed.');
      return {
        ok: true,
        changes: {
          ...received,
          status: 'seed-test-sent',
          seedTestSentAt: now,
          reviewedAt: null,
          reviewNote: null,
          cannotDeployReason: null,
        },
        summary: 'Seed test sent to the approval addresses',
      };
    case 'deployed':
      if (action.date > today) return refuse(422, 'The deployment date cannot be in the future.');
      if (action.date < mailedOn) {
        return refuse(
          422,
          `The deployment date ${action.date} is before this send was mailed (${formatEndDateShort(mailedOn)}).`,
        );
      }
      return {
        ok: true,
        changes: {
          ...received,
          status: 'deployed',
          deployedDate: action.date,
          deployedQuantity: action.quantity,
          cannotDeployReason: null,
        },
        summary: `Deployed on ${action.date}, ${formatQuantity(action.quantity)} sent`,
      };
    case 'note':
      return { ok: true, changes: { note: action.text }, summary: `Note: ${action.text}` };
    case 'cannot-deploy':
      if (isDeployed) return refuse(409, 'This deployment is already reported as deployed.');
      return {
        ok: true,
        changes: { ...received, status: 'cannot-deploy', cannotDeployReason: action.reason },
        summary: `Cannot deploy: ${action.reason}`,
      };
  }
}

/** The status a review leaves: 'approved' or 'changes-requested'. */
export const reviewStatusOf = (review: SeedTestReview): TrackingStatus =>
  review.decision === 'approve' ? 'approved' : 'changes-requested';

/**
 * The same answer again (a double click, a retried request): the status it would leave is already there with the same
 * note, so nothing changes and the vendor is not e-mailed a second time.
 */
export function isRepeatedReview(
  current: Pick<TrackingFields, 'status' | 'reviewNote'>,
  review: SeedTestReview,
): boolean {
  return current.status === reviewStatusOf(review) && (current.reviewNote ?? null) === (review.note?.trim() || null);
}

/**
 * The answers the team may give now: both once a seed test is reported, the other one after an answer (the team may
 * change its mind), none before a seed test or after the deployment.
 */
export function reviewChoicesFor(current: {
  status: TrackingStatus;
  seedTestSentAt: Date | string | null;
}): SeedTestReview['decision'][] {
  if (!current.seedTestSentAt) return [];
  if (current.status === 'seed-test-sent') return ['approve', 'request-changes'];
  if (current.status === 'approved') return ['request-changes'];
  if (current.status === 'changes-requested') return ['approve'];
  return [];
}

/** The team's answer to a seed test: only once the vendor said they sent one, and not after the deployment. */
export function applySeedTestReview(current: TrackingFields, review: SeedTestReview, now: Date): ActionOutcome {
  if (current.status === 'deployed') return refuse(409, 'This deployment is already reported as deployed.');
  if (current.status === 'cannot-deploy')
    return refuse(409, 'The vendor reported that they cannot deploy: there is no seed test to review.');
  if (!current.seedTestSentAt || !['seed-test-sent', 'approved', 'changes-requested'].includes(current.status)) {
    return refuse(409, 'There is no seed test to review: the vendor has not reported sending one.');
  }
  const note = review.note?.trim() || null;
  if (review.decision === 'approve') {
    return {
      ok: true,
      changes: { status: 'approved', reviewedAt: now, reviewNote: note },
      summary: note ? `Seed test approved: ${note}` : 'Seed test approved',
    };
  }
  return {
    ok: true,
    changes: { status: 'changes-requested', reviewedAt: now, reviewNote: note },
    summary: `Changes requested: ${note}`,
  };
}

/** Statuses still open on the board: the deployment has not happened nor been called off. */
export const OPEN_STATUSES: readonly TrackingStatus[] = TRACKING_STATUSES.filter(
  (status) => status !== 'deployed' && status !== 'cannot-deploy',
);

/** Past its scheduled date (New York) without 'Deployed'. */
export function isOverdue(tracking: Pick<TrackingFields, 'status' | 'scheduledDate'>, today: string): boolean {
  return OPEN_STATUSES.includes(tracking.status) && tracking.scheduledDate !== null && tracking.scheduledDate < today;
}
