import * as z from 'zod/mini';
import { PRICING_MODELS } from '../vendor-terms';
import { amountOwed, owedTotal } from './owed';

// What the tracking operations answer, and the constants the client reads: plain schemas, no request-side checks
// (decision 0048).

/** Where one vendor's delivery of a send stands (issue 14), in the order a deployment usually goes. */
export const TRACKING_STATUSES = [
  'sent',
  'received',
  'scheduled',
  'seed-test-sent',
  'approved',
  'changes-requested',
  'deployed',
  'cannot-deploy',
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

export const TRACKING_STATUS_LABELS: Record<TrackingStatus, string> = {
  sent: 'Sent',
  received: 'Received',
  scheduled: 'Scheduled',
  'seed-test-sent': 'Seed test sent',
  approved: 'Approved',
  'changes-requested': 'Changes requested',
  deployed: 'Deployed',
  'cannot-deploy': 'Cannot deploy',
};

/** The largest list a vendor may report: far above any real deployment, inside a PostgreSQL integer. */
export const MAX_QUANTITY = 1_000_000_000;
export const MAX_NOTE_LENGTH = 2000;
export const MAX_SEGMENT_LENGTH = 200;

const isoDateTime = z.string();

/** Expected spend in dollars from the terms a delivery was sent (null: no dollar figure, as for Revshare and CPA). */
export const expectedSpend = z.object({ planned: z.nullable(z.number()), actual: z.nullable(z.number()) });

/** The sum of several deliveries' figures; `expected` takes each one's actual figure where known, else its planned one. */
export const spendTotal = z.extend(expectedSpend, { expected: z.nullable(z.number()) });

/** What the vendor and the team reported on one delivery. */
export const trackingState = z.object({
  status: z.enum(TRACKING_STATUSES),
  receivedAt: z.nullable(isoDateTime),
  scheduledDate: z.nullable(z.string()),
  scheduledTime: z.nullable(z.string()),
  segment: z.nullable(z.string()),
  plannedQuantity: z.nullable(z.number()),
  seedTestSentAt: z.nullable(isoDateTime),
  reviewedAt: z.nullable(isoDateTime),
  reviewNote: z.nullable(z.string()),
  deployedDate: z.nullable(z.string()),
  deployedQuantity: z.nullable(z.number()),
  cannotDeployReason: z.nullable(z.string()),
  /** The vendor's latest note. */
  note: z.nullable(z.string()),
  remindedAt: z.nullable(isoDateTime),
  updatedAt: isoDateTime,
});
export type TrackingState = z.infer<typeof trackingState>;

/** One line of a delivery's history, as the vendor page and the team see it. */
export const trackingEvent = z.object({
  at: isoDateTime,
  by: z.enum(['vendor', 'team']),
  action: z.string(),
  /** What was reported, in words ('Scheduled for 2026-12-01 09:00, Spring list, 40,000'). */
  summary: z.string(),
});
export type TrackingEvent = z.infer<typeof trackingEvent>;

const pageRow = z.object({ label: z.string(), value: z.string() });

/** What the vendor's message said, kept with the delivery so the page shows exactly that and nothing more. */
export const vendorDeliveryContent = z.object({
  vendorName: z.string(),
  clientName: z.nullable(z.string()),
  subject: z.string(),
  pricingModel: z.enum(PRICING_MODELS),
  /** The message's Terms section, a split kept as 'A/B' (the vendor page shows it in words, termValueWording). */
  terms: z.object({ label: z.string(), items: z.array(pageRow) }),
  /** The terms as figures, for the team's costs (issue 14 item 4); never shown on the vendor page. */
  split: z.nullable(z.string()),
  costs: z.nullable(z.record(z.string(), z.nullable(z.number()))),
  cards: z.array(z.object({ title: z.string(), rows: z.array(z.extend(pageRow, { isLink: z.boolean() })) })),
  attachments: z.array(z.object({ fileName: z.string(), contentType: z.string(), size: z.number() })),
  approvalEmails: z.array(z.string()),
});
export type VendorDeliveryContent = z.infer<typeof vendorDeliveryContent>;

/**
 * What the vendor page shows of a delivery: what its message carried (the terms as written in it, its cards with its own
 * links and hub keys, its attachments, the approval addresses), without the figures kept beside them for the team's costs
 * (the split and the whole cost sheet, every pricing model's rate and budget), which the message did not carry.
 */
export const vendorPageContent = z.omit(vendorDeliveryContent, { split: true, costs: true });
export type VendorPageContent = z.infer<typeof vendorPageContent>;

/** GET /api/vendor-page: the one delivery the link stands for. */
export const vendorPageView = z.object({
  sentAt: isoDateTime,
  linkExpiresAt: isoDateTime,
  content: vendorPageContent,
  tracking: trackingState,
  history: z.array(trackingEvent),
});
export type VendorPageView = z.infer<typeof vendorPageView>;

/**
 * The delivery's tracking after a review; `replyQueued`: a reply was queued to the vendor in the thread of its message
 * (false when the same answer was already given: nothing changed, nobody mailed again).
 */
export const seedTestReviewResult = z.object({ tracking: trackingState, replyQueued: z.boolean() });
export type SeedTestReviewResult = z.infer<typeof seedTestReviewResult>;

/** POST /api/email-logs/:id/deliveries/:vendorId/tracking ('Record an update'): the delivery's tracking after it. */
export const recordUpdateResult = z.object({ tracking: trackingState });
export type RecordUpdateResult = z.infer<typeof recordUpdateResult>;

/** POST /api/email-logs/:id/deliveries/:vendorId/revoke-link. */
export const revokeLinkResult = z.object({ revokedAt: isoDateTime });

export const trackingBoardItem = z.object({
  sendId: z.number(),
  vendorId: z.string(),
  vendorName: z.string(),
  clientName: z.nullable(z.string()),
  subject: z.string(),
  sentAt: isoDateTime,
  tracking: trackingState,
  /** Past its scheduled date (New York) without 'Deployed'. */
  isOverdue: z.boolean(),
  /** The terms it was sent ('CPM: Cost per thousand: $25.00, CPM budget: $5,000.00'). */
  terms: z.string(),
  /** Expected spend in dollars from those terms (null: no dollar figure, as for Revshare and CPA). */
  spend: expectedSpend,
  /** The expected spend of the whole send this delivery belongs to: all its vendors, whatever the filters list. */
  sendSpend: spendTotal,
  /** What the vendor is owed for this send once it has results for it (any attributed contribution); null before. */
  owed: z.nullable(amountOwed),
  /** The amounts owed over the whole send's vendors that have results (whatever the filters list); null when none has. */
  sendOwed: z.nullable(owedTotal),
});
export type TrackingBoardItem = z.infer<typeof trackingBoardItem>;

export const trackingBoard = z.object({
  /** The New York date the board was read on. */
  today: z.string(),
  /** Every open delivery matching the filters (up to a limit kept for the poll's sake), and the most recent closed ones. */
  items: z.array(trackingBoardItem),
  /** Some deliveries matching the filters are not listed: `omitted` says how many, open and closed. */
  truncated: z.boolean(),
  omitted: z.object({ open: z.number(), closed: z.number() }),
});
export type TrackingBoard = z.infer<typeof trackingBoard>;
