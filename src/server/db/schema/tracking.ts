import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { TrackingStatus, VendorDeliveryContent } from '#shared/contracts/tracking';
import { createdAt, updatedAt } from './columns';
import { emailLogs, emailDeliveries } from './sends';

/**
 * Where one vendor's delivery of a send stands (issue 14): the vendor's personal page link (only its SHA-256 is stored;
 * null when VENDOR_LINKS=off) and what the vendor and the team reported. One row per delivery, made with the send.
 * status: sent, received, scheduled, seed-test-sent, approved, changes-requested, deployed, cannot-deploy.
 */
export const deploymentTracking = pgTable(
  'deployment_tracking',
  {
    deliveryId: integer('delivery_id')
      .primaryKey()
      .references(() => emailDeliveries.id, { onDelete: 'cascade' }),
    sendId: integer('log_id')
      .notNull()
      .references(() => emailLogs.id, { onDelete: 'cascade' }),
    vendorId: text('vendor_id').notNull(),
    tokenHash: text('token_hash').unique(),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    linkRevokedAt: timestamp('link_revoked_at', { withTimezone: true }),
    /** What the vendor's message said, for its page. */
    content: jsonb('content').$type<VendorDeliveryContent>().notNull(),
    /** The stored files of the message's attachments, in its order: what the vendor page offers to download. */
    attachmentKeys: text('attachment_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status').$type<TrackingStatus>().notNull().default('sent'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /** YYYY-MM-DD and HH:MM, New York time, as the vendor gave them. */
    scheduledDate: text('scheduled_date'),
    scheduledTime: text('scheduled_time'),
    segment: text('segment'),
    plannedQuantity: integer('planned_quantity'),
    seedTestSentAt: timestamp('seed_test_sent_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewNote: text('review_note'),
    /** YYYY-MM-DD. */
    deployedDate: text('deployed_date'),
    deployedQuantity: integer('deployed_quantity'),
    cannotDeployReason: text('cannot_deploy_reason'),
    note: text('note'),
    /** When the vendor's latest reminder was queued (the reminders themselves are follow-ups in the delivery queue). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('deployment_tracking_log_id_idx').on(table.sendId),
    index('deployment_tracking_status_idx').on(table.status),
  ],
);
