import * as z from 'zod/mini';
import { amountOwed, owedTotal } from './owed';
import { deliveryCounts } from './send';
import { expectedSpend, spendTotal, trackingState } from './tracking';

export type { DeliveryCounts } from './send';

/**
 * Responses of /api/email-logs: the server builds them in src/server/modules/sends/log-service.ts and the client
 * parses them with these schemas; plain, no request-side checks (decision 0048).
 */

/** What the API calls a delivery's status: a message being sent right now is still 'pending'. */
export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'uncertain'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const emailCardDetail = z.object({
  subject: z.nullable(z.string()),
  senderName: z.nullable(z.string()),
  /** YYYY-MM-DD. */
  endDate: z.nullable(z.string()),
  filename: z.nullable(z.string()),
  htmlFileKey: z.nullable(z.string()),
  csvFileKey: z.nullable(z.string()),
});
export type EmailCardDetail = z.infer<typeof emailCardDetail>;

export const textCardDetail = z.object({
  senderName: z.nullable(z.string()),
  /** YYYY-MM-DD. */
  endDate: z.nullable(z.string()),
  textContent: z.nullable(z.string()),
  csvFileKey: z.nullable(z.string()),
  imageFileKey: z.nullable(z.string()),
  fileName: z.nullable(z.string()),
});
export type TextCardDetail = z.infer<typeof textCardDetail>;

/** A vendor's terms and hub keys as its message carried them (kept per delivery when it is composed). */
export const deliveryTerms = z.object({
  pricingModel: z.string(),
  /**
   * e.g. [{ label: 'Split', value: '60/40' }], as the message's Terms section lists them, a split kept as 'A/B' (the
   * message and every screen show it in words, through termValueWording: '60/40: vendor 60 %, client 40 %').
   */
  items: z.array(z.object({ label: z.string(), value: z.string() })),
  emailProspectingKey: z.nullable(z.string()),
  textProspectingKey: z.nullable(z.string()),
});
export type DeliveryTerms = z.infer<typeof deliveryTerms>;

/**
 * What a queued message is: the vendor's message of a send, a follow-up in its thread (the team's answer to a seed
 * test, a reminder), or a vendor's monthly statement (of no send). Everything that counts or lists a send's messages
 * reads 'send' only.
 */
export const MESSAGE_KINDS = ['send', 'review', 'reminder', 'statement'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export type FollowUpKind = Exclude<MessageKind, 'send' | 'statement'>;

/** One vendor's message of a send. */
export const sendDelivery = z.object({
  vendorId: z.string(),
  vendorName: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /** Why it failed or is uncertain; on a sent message, the addresses the server refused. */
  error: z.nullable(z.string()),
  attempts: z.number(),
  /** ISO date-time. */
  sentAt: z.nullable(z.string()),
  /** ISO date-time of the next attempt, only while pending. */
  nextAttemptAt: z.nullable(z.string()),
  /** The terms this vendor was sent; null for messages logged before terms were kept. */
  terms: z.nullable(deliveryTerms),
  /** ISO date-time when the vendor was added to the send later ('Add vendors'), and by whom; null for the send's own vendors. */
  addedAt: z.nullable(z.string()),
  addedBy: z.nullable(z.string()),
  /** Where the vendor's deployment stands (issue 14); null for messages sent before tracking. */
  tracking: z.nullable(trackingState),
  /** Expected spend in dollars from the terms kept with its tracking (issue 14 item 4); null without tracking. */
  spend: z.nullable(expectedSpend),
  /** What the vendor is owed for this send once it has results for it (any attributed contribution); null before. */
  owed: z.nullable(amountOwed),
  /** The vendor's personal page link (ISO date-times); null when the message went without one. */
  vendorLink: z.nullable(z.object({ expiresAt: z.string(), revokedAt: z.nullable(z.string()) })),
});
export type SendDelivery = z.infer<typeof sendDelivery>;

/** One entry of GET /api/email-logs (newest first). */
export const sendEntry = z.object({
  id: z.number(),
  /** ISO date-time. */
  sentAt: z.string(),
  sentBy: z.string(),
  clientName: z.nullable(z.string()),
  clientSlug: z.nullable(z.string()),
  /** Vendor names, in the order they were sent. */
  vendors: z.array(z.string()),
  approvalEmails: z.array(z.string()),
  emailCardCount: z.number(),
  textCardCount: z.number(),
  cardDetails: z.object({ emailCards: z.array(emailCardDetail), textCards: z.array(textCardDetail) }),
  /** The message subject and the cards' subject lines (what ?q= searches). */
  subjects: z.array(z.string()),
  deliveries: z.array(sendDelivery),
  /** The send's pricing model; null for sends logged before it was kept. */
  pricingModel: z.nullable(z.string()),
  /** The expected spend of the send: its tracked deliveries' figures added up, those that cannot deploy left out; null without tracking. */
  spend: z.nullable(spendTotal),
  /** The amounts owed added up over the vendors with results (the others keep their expected spend); null when none has. */
  owed: z.nullable(owedTotal),
  /** ISO date-time when retention removed this send's stored files and messages; null while they are kept. */
  filesRemovedAt: z.nullable(z.string()),
  /** Whether vendors who do not answer get their reminders (issue 14 item 5). */
  remindersEnabled: z.boolean(),
});
export type SendEntry = z.infer<typeof sendEntry>;

export const sendList = z.array(sendEntry);

/** Query parameters of GET /api/email-logs: client slug or name, vendor id or name, subject text, 1-500 entries. */
export interface SendFilters {
  client?: string;
  vendor?: string;
  q?: string;
  limit?: number;
}

export const remindersSettingResult = z.object({ id: z.number(), remindersEnabled: z.boolean() });
export type RemindersSettingResult = z.infer<typeof remindersSettingResult>;

/** POST /api/email-logs/{id}/retry-failed. */
export const retryFailedResult = z.extend(deliveryCounts, {
  id: z.number(),
  /** How many failed deliveries were put back in the queue. */
  requeued: z.number(),
});
export type RetryFailedResult = z.infer<typeof retryFailedResult>;

/** POST /api/email-logs/{id}/deliveries/{vendorId}/send-again. */
export const sendAgainResult = z.extend(deliveryCounts, { id: z.number(), delivery: sendDelivery });
export type SendAgainResult = z.infer<typeof sendAgainResult>;
