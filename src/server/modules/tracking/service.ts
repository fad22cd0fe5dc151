import type { AuthenticatedUser } from '../session';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { AppError, conflict, notFound } from '#server/errors';
import { withFollowUp, type FollowUpDeps } from './follow-ups';
import type {
  RecordUpdateResult,
  SeedTestReview,
  SeedTestReviewResult,
  TrackingBoard,
  TrackingBoardQuery,
  VendorAction,
} from '#shared/contracts/tracking';
import { seedTestReviewBody } from '#shared/email/follow-up';
import { termWording } from '#shared/payouts/terms';
import { newYorkDate, newYorkDayStart, nextDay } from '#shared/rules/new-york-time';
import { expectedSpend, totalSpend, type ExpectedSpend, type SpendTotal } from '#shared/rules/spend';
import { applySeedTestReview, isOverdue, isRepeatedReview } from '#shared/rules/tracking';
import { checkSenderOrAdmin, trackingStateOf, type OwedOfSends } from '../sends';
import * as repo from './repository';
import { applyVendorActionFor, type RequestOrigin } from './vendor-service';

/**
 * How much one board lists. Every open delivery, however old, up to a limit that only keeps the 3-second poll bounded
 * (far above what a team follows at once); of the closed ones ('Deployed', 'Cannot deploy'), the most recent. The
 * answer says how many of each it left out.
 */
export const BOARD_LIMITS: BoardLimits = { open: 1000, closed: 200 };

export interface BoardLimits {
  open: number;
  closed: number;
}

export interface TrackingDeps {
  db: Db;
  clock: Clock;
  onChange?: (sendId: number) => void;
  /** Default BOARD_LIMITS. */
  boardLimits?: BoardLimits;
}

/** The team's answers to seed tests also queue a reply to the vendor. */
export interface ReviewDeps extends TrackingDeps {
  followUps: FollowUpDeps;
}

/**
 * Turns off one vendor's link of a send at once (a forwarded message, a vendor who left); recorded in the audit trail.
 * The sender's or an admin's to do: it cannot be undone, and the vendor can no longer report.
 */
export async function revokeVendorLink(
  { db, clock, onChange }: TrackingDeps,
  user: AuthenticatedUser,
  sendId: number,
  vendorId: string,
) {
  const row = await repo.findByLogAndVendor(db, sendId, vendorId);
  if (!row) throw notFound('No such message.');
  await checkSenderOrAdmin(db, user, sendId, "turn off its vendors' links");
  if (!row.tokenHash) throw conflict('This message was sent without a vendor link.');
  const now = clock.now();
  const revokedAt = await repo.updateWithAudit<Date>(db, row.deliveryId, now, (current) => {
    if (current.linkRevokedAt) return { refused: current.linkRevokedAt };
    return {
      changes: { linkRevokedAt: now },
      audit: {
        actorUserId: user.id,
        actorEmail: user.email,
        action: 'tracking.link-revoked',
        before: { linkRevokedAt: null },
        after: { linkRevokedAt: now, summary: 'Link turned off' },
      },
      result: now,
    };
  });
  onChange?.(sendId);
  return { revokedAt: revokedAt.toISOString() };
}

/**
 * 'Record an update': a team member reports one vendor action on the vendor's behalf (the vendor answered by e-mail,
 * its link expired or was revoked, or it never had one with VENDOR_LINKS=off). The same change as the vendor's own
 * action, through the same code, under the team member's name in the audit trail (its history line: by 'team'). The
 * sender's or an admin's to do, as it changes what the vendor's page and the team's figures say.
 */
export async function recordVendorUpdate(
  deps: TrackingDeps,
  user: AuthenticatedUser,
  sendId: number,
  vendorId: string,
  action: VendorAction,
  origin: RequestOrigin,
): Promise<RecordUpdateResult> {
  const found = await repo.findByLogAndVendor(deps.db, sendId, vendorId);
  if (!found) throw notFound('No such message.');
  await checkSenderOrAdmin(deps.db, user, sendId, 'record updates for its vendors');
  await applyVendorActionFor(deps, found, action, { actorUserId: user.id, actorEmail: user.email }, origin);
  const updated = await repo.findByLogAndVendor(deps.db, sendId, vendorId);
  return { tracking: trackingStateOf(updated!) };
}

/**
 * 'Approve' or 'Request changes' on a vendor's seed test: the status, the note and the audit entry are saved in the same
 * transaction as a reply queued to the vendor in the thread of its message (same queue, same transport). 409 when there
 * is no seed test to review (none reported yet, deployed, cannot deploy). The same answer given again (a double click)
 * changes nothing and queues no second reply. Only the sender or an admin answers; the reply is signed by, and
 * answered to, the person who wrote it (decision 0023).
 */
export async function reviewSeedTest(
  deps: ReviewDeps,
  user: AuthenticatedUser,
  sendId: number,
  vendorId: string,
  review: SeedTestReview,
): Promise<SeedTestReviewResult> {
  const { db, clock } = deps;
  const found = await repo.findByLogAndVendor(db, sendId, vendorId);
  if (!found) throw notFound('No such message.');
  await checkSenderOrAdmin(db, user, sendId, "answer its vendors' seed tests");
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
    const before = Object.fromEntries(
      Object.keys(outcome.changes).map((field) => [field, row[field as keyof repo.TrackingRow]]),
    );
    await repo.saveChange(tx, row.deliveryId, now, outcome.changes, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: review.decision === 'approve' ? 'tracking.approved' : 'tracking.changes-requested',
      before,
      after: { ...outcome.changes, summary: outcome.summary, replyMessageId: queued?.messageId ?? null },
    });
    return { tracking: trackingStateOf({ ...row, ...outcome.changes, updatedAt: now }), replyQueued: queued !== null };
  });
  if (result.replyQueued) deps.onChange?.(sendId);
  return result;
}

/**
 * The Tracking board: every open delivery matching the filters and the most recent closed ones, each with its status,
 * whether it is overdue, its own expected spend and its send's (over all of that send's deliveries, whatever the
 * filters show), and, once the send has results, what the vendor is owed and the send's amounts owed added up. The dates are New York days, as everything else the team and vendors schedule.
 */
export async function getTrackingBoard(
  { db, clock, boardLimits: limits = BOARD_LIMITS, owedOfSends }: TrackingDeps & { owedOfSends: OwedOfSends },
  query: TrackingBoardQuery,
): Promise<TrackingBoard> {
  const today = newYorkDate(clock.now());
  const filters: repo.BoardFilters = {
    client: query.client || undefined,
    vendor: query.vendor || undefined,
    from: query.from ? newYorkDayStart(query.from) : undefined,
    to: query.to ? newYorkDayStart(nextDay(query.to)) : undefined,
  };
  const [open, closed] = await Promise.all([
    repo.listBoard(db, filters, 'open', limits.open),
    repo.listBoard(db, filters, 'closed', limits.closed),
  ]);
  const rows = [...open, ...closed].sort(
    (a, b) => b.sentAt.getTime() - a.sentAt.getTime() || a.deliveryId - b.deliveryId,
  );
  const sendIds = [...new Set(rows.map((row) => row.sendId))];
  const sendSpend = await spendOfSends(db, sendIds);
  const owed = await owedOfSends(db, sendIds);
  const omitted = { open: (open[0]?.matching ?? 0) - open.length, closed: (closed[0]?.matching ?? 0) - closed.length };
  return {
    today,
    items: rows.map((row) => ({
      sendId: row.sendId,
      vendorId: row.vendorId,
      vendorName: row.vendorName,
      clientName: row.clientName,
      subject: row.subject,
      sentAt: row.sentAt.toISOString(),
      tracking: trackingStateOf(row),
      isOverdue: isOverdue(row, today),
      terms: `${row.terms.label}: ${row.terms.items.map(termWording).join(', ')}`,
      spend: spendOf(row),
      sendSpend: sendSpend.get(row.sendId)!,
      owed: owed.of(row.sendId, row.vendorId),
      sendOwed: owed.totalOf(row.sendId),
    })),
    truncated: omitted.open > 0 || omitted.closed > 0,
    omitted,
  };
}

const spendOf = (row: Pick<repo.SpendRow, 'pricingModel' | 'costs' | 'plannedQuantity' | 'deployedQuantity'>) =>
  expectedSpend(row.pricingModel, row.costs, { planned: row.plannedQuantity, deployed: row.deployedQuantity });

/** Each send's expected spend, added up by the rule the Deployment Log entry uses. */
async function spendOfSends(db: Db, sendIds: number[]): Promise<Map<number, SpendTotal>> {
  const bySend = new Map<number, { status: string; spend: ExpectedSpend }[]>();
  for (const row of await repo.listSpendOfSends(db, sendIds)) {
    const deliveries = bySend.get(row.sendId) ?? [];
    deliveries.push({ status: row.status, spend: spendOf(row) });
    bySend.set(row.sendId, deliveries);
  }
  return new Map([...bySend].map(([sendId, deliveries]) => [sendId, totalSpend(deliveries)]));
}
