import type { AuthenticatedUser } from '../session/service';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { AppError, conflict, notFound } from '#server/errors';
import { withFollowUp, type FollowUpDeps } from '#server/mail/follow-ups';
import type { SeedTestReview, SeedTestReviewResult, TrackingBoard, TrackingBoardQuery } from '#shared/contracts/tracking';
import { seedTestReviewBody } from '#shared/email/follow-up';
import { newYorkDate } from '#shared/rules/new-york-time';
import { expectedSpend } from '#shared/rules/spend';
import { applySeedTestReview, isOverdue, isRepeatedReview } from '#shared/rules/tracking';
import * as repo from './repository';
import { trackingStateOf } from './views';

/** The most deliveries one board shows. */
export const BOARD_LIMIT = 500;

const startOfDay = (date: string) => new Date(`${date}T00:00:00Z`);

export interface TrackingDeps {
  db: Db;
  clock: Clock;
  onChange?: (logId: number) => void;
}

/** The team's answers to seed tests also queue a reply to the vendor. */
export interface ReviewDeps extends TrackingDeps {
  followUps: FollowUpDeps;
}

/** Turns off one vendor's link of a send at once (a forwarded message, a vendor who left); recorded in the audit trail. */
export async function revokeVendorLink({ db, clock, onChange }: TrackingDeps, user: AuthenticatedUser, logId: number, vendorId: string) {
  const row = await repo.findByLogAndVendor(db, logId, vendorId);
  if (!row) throw notFound('No such message.');
  if (!row.tokenHash) throw conflict('This message was sent without a vendor link.');
  const now = clock.now();
  const revokedAt = await repo.updateWithAudit<Date>(db, row.deliveryId, now, (current) => {
    if (current.linkRevokedAt) return { refused: current.linkRevokedAt };
    return {
      changes: { linkRevokedAt: now },
      audit: { actorUserId: user.id, actorEmail: user.email, action: 'tracking.link-revoked', before: { linkRevokedAt: null }, after: { linkRevokedAt: now, summary: 'Link turned off' } },
      result: now,
    };
  });
  onChange?.(logId);
  return { revokedAt: revokedAt.toISOString() };
}

/**
 * 'Approve' or 'Request changes' on a vendor's seed test: the status, the note and the audit entry are saved in the same
 * transaction as a reply queued to the vendor in the thread of its message (same queue, same transport). 409 when there
 * is no seed test to review (none reported yet, deployed, cannot deploy). The same answer given again (a double click)
 * changes nothing and queues no second reply.
 */
export async function reviewSeedTest(deps: ReviewDeps, user: AuthenticatedUser, logId: number, vendorId: string, review: SeedTestReview): Promise<SeedTestReviewResult> {
  const { db, clock } = deps;
  const found = await repo.findByLogAndVendor(db, logId, vendorId);
  if (!found) throw notFound('No such message.');
  // Refused or repeated answers are told apart before a reply is composed; the locked row below decides for good.
  if (isRepeatedReview(found, review)) return { tracking: trackingStateOf(found), replyQueued: false };
  const early = applySeedTestReview(found, review, clock.now());
  if (!early.ok) throw new AppError(early.status, early.message);

  const now = clock.now();
  const request = {
    originalDeliveryId: found.deliveryId,
    kind: 'review' as const,
    key: `review:${now.toISOString()}:${review.decision}`,
    body: seedTestReviewBody(review),
    byUserId: user.id,
  };
  const result = await withFollowUp(deps.followUps, request, async (tx, enqueue) => {
    const row = await repo.lockTracking(tx, found.deliveryId);
    if (isRepeatedReview(row, review)) return { tracking: trackingStateOf(row), replyQueued: false };
    const outcome = applySeedTestReview(row, review, now);
    if (!outcome.ok) throw new AppError(outcome.status, outcome.message);
    const queued = await enqueue();
    const before = Object.fromEntries(Object.keys(outcome.changes).map((field) => [field, row[field as keyof repo.TrackingRow]]));
    await repo.saveChange(tx, row.deliveryId, now, outcome.changes, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: review.decision === 'approve' ? 'tracking.approved' : 'tracking.changes-requested',
      before,
      after: { ...outcome.changes, summary: outcome.summary, replyMessageId: queued?.messageId ?? null },
    });
    return { tracking: trackingStateOf({ ...row, ...outcome.changes, updatedAt: now }), replyQueued: queued !== null };
  });
  if (result.replyQueued) deps.onChange?.(logId);
  return result;
}

/** The Tracking board: every tracked delivery matching the filters, each with its status and whether it is overdue. */
export async function getTrackingBoard({ db, clock }: TrackingDeps, query: TrackingBoardQuery): Promise<TrackingBoard> {
  const today = newYorkDate(clock.now());
  const to = query.to ? new Date(startOfDay(query.to).getTime() + 24 * 60 * 60 * 1000) : undefined;
  const rows = await repo.listBoard(db, { client: query.client || undefined, vendor: query.vendor || undefined, from: query.from ? startOfDay(query.from) : undefined, to }, BOARD_LIMIT);
  return {
    today,
    items: rows.map(({ tracking, vendorName, clientName, sentAt }) => ({
      logId: tracking.logId,
      vendorId: tracking.vendorId,
      vendorName,
      clientName,
      subject: tracking.content.subject,
      sentAt: sentAt.toISOString(),
      tracking: trackingStateOf(tracking),
      isOverdue: isOverdue(tracking, today),
      terms: `${tracking.content.terms.label}: ${tracking.content.terms.items.map((item) => `${item.label}: ${item.value}`).join(', ')}`,
      spend: expectedSpend(tracking.content.pricingModel, tracking.content.costs, { planned: tracking.plannedQuantity, deployed: tracking.deployedQuantity }),
    })),
  };
}
