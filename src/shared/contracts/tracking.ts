import * as z from 'zod/mini';
import { PRICING_MODELS } from './vendors';

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

const isoDate = z.string({ error: 'must be a date' }).check(
  z.trim(),
  z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date (YYYY-MM-DD)' }),
  z.refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return (
        !Number.isNaN(date.getTime()) &&
        date.toISOString().startsWith(value) &&
        value >= '2000-01-01' &&
        value <= '2999-12-31'
      );
    },
    { error: 'must be a real date (YYYY-MM-DD)' },
  ),
);

const clockTime = z
  .string({ error: 'must be a time' })
  .check(z.trim(), z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time (HH:MM, 24-hour)' }));

// Messages follow the field's name in the answer ('plannedQuantity must be a whole number').
const quantity = z
  .number({ error: 'must be a number' })
  .check(
    z.int({ error: 'must be a whole number' }),
    z.gte(0, { error: 'cannot be negative' }),
    z.lte(MAX_QUANTITY, { error: 'is too large' }),
  );

const freeText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'is required' }),
      z.maxLength(max, { error: `may be at most ${max} characters` }),
    );

/** POST /api/vendor-page/actions: one thing the vendor reports. */
export const vendorAction = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('received') }),
    z.object({
      action: z.literal('scheduled'),
      /** New York time, as the agency schedules. */
      date: isoDate,
      time: clockTime,
      segment: freeText(MAX_SEGMENT_LENGTH),
      plannedQuantity: quantity.check(z.gte(1, { error: 'must be at least 1' })),
    }),
    z.object({ action: z.literal('seed-test-sent') }),
    z.object({ action: z.literal('deployed'), date: isoDate, quantity }),
    z.object({ action: z.literal('note'), text: freeText(MAX_NOTE_LENGTH) }),
    z.object({ action: z.literal('cannot-deploy'), reason: freeText(MAX_NOTE_LENGTH) }),
  ],
  { error: 'must be one of received, scheduled, seed-test-sent, deployed, note, cannot-deploy' },
);
export type VendorAction = z.infer<typeof vendorAction>;
export type VendorActionKind = VendorAction['action'];

/** POST /api/email-logs/:id/deliveries/:vendorId/review: the team's answer to a vendor's seed test. */
export const seedTestReview = z.discriminatedUnion(
  'decision',
  [
    z.object({
      decision: z.literal('approve'),
      note: z.optional(z.string().check(z.trim(), z.maxLength(MAX_NOTE_LENGTH))),
    }),
    z.object({ decision: z.literal('request-changes'), note: freeText(MAX_NOTE_LENGTH) }),
  ],
  { error: 'must be approve or request-changes' },
);
export type SeedTestReview = z.infer<typeof seedTestReview>;

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

export const attachmentParams = z.object({
  index: z.coerce
    .number({ error: 'must be a number' })
    .check(
      z.int({ error: 'must be a whole number' }),
      z.gte(0, { error: 'must be 0 or more' }),
      z.lte(99, { error: 'is too large' }),
    ),
});

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

/** GET /api/tracking: the Tracking board's filters (client slug or name, vendor id or name, sent between two New York dates). */
export const trackingBoardQuery = z.object({
  client: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  vendor: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  from: z.optional(isoDate),
  to: z.optional(isoDate),
});
export type TrackingBoardQuery = z.infer<typeof trackingBoardQuery>;

export const trackingBoardItem = z.object({
  logId: z.number(),
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
