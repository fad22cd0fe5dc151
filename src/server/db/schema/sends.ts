import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  type AnyPgColumn,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DeliveryTerms, EmailCardDetail, MessageKind, TextCardDetail } from '#shared/contracts/sends';
import { createdAt, updatedAt } from './columns';
import { statements } from './payouts';
import { users } from './users';

// A consolidated send and its messages: one per vendor, and the follow-ups.

/** One consolidated send (a deployment) as the Deployment Log shows it. */
export const emailLogs = pgTable(
  'email_logs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    senderEmail: text('sender_email').notNull(),
    /** The client's Idempotency-Key: a repeat of the same send by the same user finds this row. */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the parsed body, so a key reused for a different send is refused. */
    requestHash: text('request_hash'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    clientSlug: text('client_slug'),
    clientName: text('client_name'),
    vendors: jsonb('vendors').$type<string[]>().notNull(),
    approvalEmails: jsonb('approval_emails').$type<string[]>().notNull(),
    emailCardCount: integer('email_card_count').notNull(),
    textCardCount: integer('text_card_count').notNull(),
    cardDetails: jsonb('card_details')
      .$type<{ emailCards: EmailCardDetail[]; textCards: TextCardDetail[] }>()
      .notNull(),
    /** The message subject and the cards' subject lines, for search. */
    subjects: text('subjects')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The send's pricing model ('Revshare', 'CPM', ...), so the send can be reused; null for sends logged before it was kept. */
    pricingModel: text('pricing_model'),
    /**
     * Whether vendors of this send who do not answer get their reminders (issue 14 item 5): chosen on the send page,
     * and can be turned off (or on again) from the Deployment Log. Sends made before reminders existed are off.
     */
    remindersEnabled: boolean('reminders_enabled').notNull().default(true),
    /** When retention removed the entry's stored files and raw messages (the entry itself is kept). */
    filesRemovedAt: timestamp('files_removed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('email_logs_user_idempotency_key_idx').on(table.userId, table.idempotencyKey),
    index('email_logs_sent_at_idx').on(table.sentAt),
  ],
);

/**
 * One message to one vendor: the durable job the delivery worker claims with FOR UPDATE SKIP LOCKED.
 * status: pending (waiting for its next attempt), sending (claimed; lockedUntil bounds the claim, handedOverAt says
 * whether its message went to the transport), sent, failed,
 * uncertain (the request left but no answer came: never retried without a person's decision).
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    id: serial('id').primaryKey(),
    /** The send this message belongs to; null for a statement's message, which belongs to its statement. */
    sendId: integer('log_id').references(() => emailLogs.id, { onDelete: 'cascade' }),
    /** The statement a 'statement' message carries (one message per statement). */
    statementId: integer('statement_id').references((): AnyPgColumn => statements.id, { onDelete: 'cascade' }),
    /** Not a foreign key: the record outlives the vendor. */
    vendorId: text('vendor_id').notNull(),
    vendorName: text('vendor_name').notNull(),
    senderUserId: integer('sender_user_id').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddresses: text('to_addresses').array().notNull(),
    ccAddresses: text('cc_addresses').array().notNull(),
    /** Our Message-ID, '<uuid@host>'. */
    messageId: text('message_id').notNull(),
    /** The exact raw message in the file store. */
    emlKey: text('eml_key').notNull(),
    /** The identity of the file store holding it (FileStorage.identity): only an instance using that store claims it. */
    storeId: text('store_id'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Attempts allowed before the delivery counts as failed; raised when a person re-queues it. */
    maxAttempts: integer('max_attempts').notNull(),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * The claim statement that made this row 'sending': a worker whose claim failed without an answer (the connection
     * dropped after the commit) gives back the rows of that claim, which it never received and so never sent.
     */
    claimToken: text('claim_token'),
    /**
     * When the claim holding this row handed its message to the transport (committed before the transport gets it).
     * A claim that lapses without it was never sent and goes back to the queue; only one with it can turn 'uncertain'.
     */
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The transport's id for the sent message (SMTP queue id, Gmail id, outbox file name). */
    providerId: text('provider_id'),
    /** The vendor's terms and hub keys as this message carried them: a later change to the vendor never rewrites them. */
    terms: jsonb('terms').$type<DeliveryTerms>(),
    /**
     * 'send': the vendor's message of the send (one per vendor per send). 'review' and 'reminder': a follow-up in the
     * same thread (In-Reply-To and References the original's Message-ID), queued and sent like any message.
     */
    kind: text('kind').$type<MessageKind>().notNull().default('send'),
    /** A follow-up's original message (null for a send). */
    replyToDeliveryId: integer('reply_to_delivery_id').references((): AnyPgColumn => emailDeliveries.id, {
      onDelete: 'cascade',
    }),
    /** A follow-up's key, unique per original: the same follow-up queued twice (two clicks, two instances) is one row. */
    followUpKey: text('follow_up_key'),
    /** The provider's thread of the sent message (Gmail threadId): a follow-up sent through Gmail joins it. */
    providerThreadId: text('provider_thread_id'),
    /** Set when the vendor was added to the send later ('Add vendors'): when, by whom, and that request's Idempotency-Key and body hash. */
    addedAt: timestamp('added_at', { withTimezone: true }),
    addedByUserId: integer('added_by_user_id'),
    addedByEmail: text('added_by_email'),
    additionKey: text('addition_key'),
    additionHash: text('addition_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One message of the send per vendor; follow-ups are rows of their own, one per key and original.
    uniqueIndex('email_deliveries_log_vendor_send_idx')
      .on(table.sendId, table.vendorId)
      .where(sql`${table.kind} = 'send'`),
    uniqueIndex('email_deliveries_follow_up_key_idx').on(table.replyToDeliveryId, table.followUpKey),
    // One message per statement: a second 'Send statement' (two clicks, two admins) queues nothing.
    uniqueIndex('email_deliveries_statement_idx')
      .on(table.statementId)
      .where(sql`${table.kind} = 'statement'`),
    check('email_deliveries_owner_check', sql`${table.sendId} is not null or ${table.statementId} is not null`),
    index('email_deliveries_due_idx').on(table.status, table.nextAttemptAt),
  ],
);
