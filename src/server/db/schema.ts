import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  type AnyPgColumn,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DeliveryTerms, EmailCardDetail, MessageKind, TextCardDetail } from '#shared/contracts/email-logs';
import type { TrackingStatus, VendorDeliveryContent } from '#shared/contracts/tracking';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The addresses allowed to register, sign in and use the API. isAdmin lives here so it can be set before registration. */
export const authorizedEmails = pgTable('authorized_emails', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  isAdmin: boolean('is_admin').notNull().default(false),
  createdAt: createdAt(),
});

/**
 * One-time invitations to register an authorized address with a password (PRODUCT.md 3). Only a hash of the token is
 * stored; an admin's new invite for an address deletes the old ones; the setup links of ADMIN_EMAILS add up, one per
 * start (0022); registering with one deletes the address's others.
 */
export const invites = pgTable(
  'invites',
  {
    tokenHash: text('token_hash').primaryKey(),
    authorizedEmailId: integer('authorized_email_id')
      .notNull()
      .references(() => authorizedEmails.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('invites_authorized_email_id_idx').on(table.authorizedEmailId)],
);

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  firstName: text('first_name').notNull(),
  googleSubject: text('google_subject').unique(),
  googleProfileImageUrl: text('google_profile_image_url'),
  /** AES-256-GCM ciphertext (src/server/auth/secret-box.ts), never the token itself. */
  googleRefreshToken: text('google_refresh_token'),
  googleConnected: boolean('google_connected').notNull().default(false),
  /** The current Google access token, encrypted like the refresh token, shared by every app instance. */
  googleAccessToken: text('google_access_token'),
  googleAccessTokenExpiresAt: timestamp('google_access_token_expires_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** One-time tickets for 'Connect Google Account': a browser navigation cannot carry the bearer token. Only a hash is stored. */
export const googleConnectTickets = pgTable(
  'google_connect_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('google_connect_tickets_expires_at_idx').on(table.expiresAt)],
);

/**
 * Google sign-ins whose callback came back: the hash of each flow's nonce until its state expires. A callback whose
 * flow is here is a replay (the same state and flow cookie again) and is refused, whatever Google says of the code.
 */
export const googleSpentFlows = pgTable(
  'google_spent_flows',
  {
    nonceHash: text('nonce_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('google_spent_flows_expires_at_idx').on(table.expiresAt)],
);

/** The one-time code a Google sign-in ends with (`/?google_code=`), exchanged once for a session by the same browser. */
export const googleSignInCodes = pgTable(
  'google_sign_in_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    /** The hash of the secret sealed in the browser's exchange cookie: only that browser can use the code. */
    browserHash: text('browser_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('google_sign_in_codes_expires_at_idx').on(table.expiresAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    extendedAt: timestamp('extended_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** 'logout' or 'unauthorized' (address removed from the authorized list). */
    revokedReason: text('revoked_reason'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** Failed sign-ins per key ('email:...' or 'ip:...') within the current window. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/**
 * Per-user request counts for the rate limits (src/server/http/rate-limits.ts), shared by every app instance.
 * key: '<bucket>:<user id>'; the count starts again at 1 once windowEndsAt has passed.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_at_idx').on(table.at), index('audit_log_entity_idx').on(table.entity, table.entityId)],
);

export const vendors = pgTable('vendors', {
  vendorId: text('vendor_id').primaryKey(),
  name: text('name').notNull(),
  emails: text('emails')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  defaultUtmSource: text('default_utm_source').notNull(),
  emailProspectingKey: text('email_prospecting_key'),
  textProspectingKey: text('text_prospecting_key'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The per-vendor settings below hang off a vendor and go with it (ON DELETE CASCADE): one row per vendor at most. */
const vendorReference = () =>
  text('vendor_id')
    .primaryKey()
    .references(() => vendors.vendorId, { onDelete: 'cascade' });

/** Revshare split, text 'A/B' with A + B = 100; a vendor without a row uses 50/50. */
export const vendorSplits = pgTable('vendor_splits', {
  vendorId: vendorReference(),
  splitRatio: text('split_ratio').notNull(),
  updatedAt: updatedAt(),
});

/** A user's override of the vendor's default UTM source. */
export const vendorUtmSources = pgTable('vendor_utm_sources', {
  vendorId: vendorReference(),
  utmSource: text('utm_source').notNull(),
  updatedAt: updatedAt(),
});

/** Money in dollars, exact to the cent; read back as JSON numbers. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const vendorCosts = pgTable('vendor_costs', {
  vendorId: vendorReference(),
  costPerDonor: money('cost_per_donor'),
  cpdBudget: money('cpd_budget'),
  costPerAcquisition: money('cost_per_acquisition'),
  cpaBudget: money('cpa_budget'),
  costPerThousand: money('cost_per_thousand'),
  cpmBudget: money('cpm_budget'),
  updatedAt: updatedAt(),
});

/** Addresses CC'd on vendor emails and named in approval requests. */
export const approvalEmails = pgTable('approval_emails', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
});

/** The send page's content cards, per user, kept by autosave so a reload or a second tab loses nothing. */
export const prospectingDrafts = pgTable(
  'prospecting_drafts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: text('card_id').notNull(),
    cardType: text('card_type').notNull(),
    cardOrder: integer('card_order').notNull().default(0),
    htmlSubject: text('html_subject').notNull().default(''),
    senderName: text('sender_name').notNull().default(''),
    endDate: text('end_date'),
    fileName: text('file_name'),
    fileContent: text('file_content'),
    textCopy: text('text_copy').notNull().default(''),
    csvFileName: text('csv_file_name'),
    csvContent: text('csv_content'),
    vendorLinks: jsonb('vendor_links').$type<Record<string, string>>().notNull().default({}),
    isExpanded: boolean('is_expanded').notNull().default(true),
    imageFileName: text('image_file_name'),
    imageContent: text('image_content'),
    imageContentType: text('image_content_type'),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.cardId] })],
);

/** The send page's selections, one row per user. */
export const prospectingSessions = pgTable('prospecting_sessions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  selectedContentType: text('selected_content_type'),
  selectedClient: text('selected_client'),
  selectedVendors: jsonb('selected_vendors').$type<string[]>().notNull().default([]),
  showInitialSelection: boolean('show_initial_selection').notNull().default(true),
  pricingModel: text('pricing_model').notNull().default('Revshare'),
  /** 'Send reminders to vendors' (issue 14 item 5). */
  sendReminders: boolean('send_reminders').notNull().default(true),
  updatedAt: updatedAt(),
});

/** Metadata of every stored file (uploads of a send and the raw messages); the bytes live in the file store under `key`. */
export const storedFiles = pgTable('stored_files', {
  /** Opaque random key (32 hex characters), also the object's name in the store. */
  key: text('key').primaryKey(),
  /** 'html' | 'csv' | 'image' | 'eml'. */
  kind: text('kind').notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

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
 * status: pending (waiting for its next attempt), sending (claimed; lockedUntil bounds the claim), sent, failed,
 * uncertain (the request left but no answer came: never retried without a person's decision).
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    id: serial('id').primaryKey(),
    logId: integer('log_id')
      .notNull()
      .references(() => emailLogs.id, { onDelete: 'cascade' }),
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
      .on(table.logId, table.vendorId)
      .where(sql`${table.kind} = 'send'`),
    uniqueIndex('email_deliveries_follow_up_key_idx').on(table.replyToDeliveryId, table.followUpKey),
    index('email_deliveries_due_idx').on(table.status, table.nextAttemptAt),
  ],
);

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
    logId: integer('log_id')
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
    index('deployment_tracking_log_id_idx').on(table.logId),
    index('deployment_tracking_status_idx').on(table.status),
  ],
);

/** When each periodic maintenance task last ran, so one run serves every instance. */
export const maintenanceRuns = pgTable('maintenance_runs', {
  task: text('task').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});
export * from './schema-results';
