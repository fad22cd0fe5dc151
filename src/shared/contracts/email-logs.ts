/**
 * Responses of /api/email-logs (types only: the server builds them in src/server/modules/email-logs/service.ts and
 * reads no request body on these routes).
 */

/** What the API calls a delivery's status: a message being sent right now is still 'pending'. */
export type DeliveryStatus = 'pending' | 'sent' | 'failed' | 'uncertain';

export interface EmailCardDetail {
  subject: string | null;
  senderName: string | null;
  /** YYYY-MM-DD. */
  endDate: string | null;
  filename: string | null;
  htmlFileKey: string | null;
  csvFileKey: string | null;
}

export interface TextCardDetail {
  senderName: string | null;
  /** YYYY-MM-DD. */
  endDate: string | null;
  textContent: string | null;
  csvFileKey: string | null;
  imageFileKey: string | null;
  fileName: string | null;
}

/** One vendor's message of a send. */
export interface EmailLogDelivery {
  vendorId: string;
  vendorName: string;
  status: DeliveryStatus;
  /** Why it failed or is uncertain; on a sent message, the addresses the server refused. */
  error: string | null;
  attempts: number;
  /** ISO date-time. */
  sentAt: string | null;
  /** ISO date-time of the next attempt, only while pending. */
  nextAttemptAt: string | null;
}

/** One entry of GET /api/email-logs (newest first). */
export interface EmailLogEntry {
  id: number;
  /** ISO date-time. */
  sentAt: string;
  sentBy: string;
  clientName: string | null;
  clientSlug: string | null;
  /** Vendor names, in the order they were sent. */
  vendors: string[];
  approvalEmails: string[];
  emailCardCount: number;
  textCardCount: number;
  cardDetails: { emailCards: EmailCardDetail[]; textCards: TextCardDetail[] };
  /** The message subject and the cards' subject lines (what ?q= searches). */
  subjects: string[];
  deliveries: EmailLogDelivery[];
  /** ISO date-time when retention removed this send's stored files and messages; null while they are kept. */
  filesRemovedAt: string | null;
}

/** Query parameters of GET /api/email-logs: client slug or name, vendor id or name, subject text, 1-500 entries. */
export interface EmailLogFilters {
  client?: string;
  vendor?: string;
  q?: string;
  limit?: number;
}

export interface DeliveryCounts {
  mailed: number;
  pending: number;
  failed: number;
  uncertain: number;
}

/** POST /api/email-logs/{id}/retry-failed. */
export interface RetryFailedResult extends DeliveryCounts {
  id: number;
  /** How many failed deliveries were put back in the queue. */
  requeued: number;
}

/** POST /api/email-logs/{id}/deliveries/{vendorId}/send-again. */
export interface SendAgainResult extends DeliveryCounts {
  id: number;
  delivery: EmailLogDelivery;
}
