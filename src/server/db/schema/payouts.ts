import { bigint, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DeliveryTerms } from '#shared/contracts/sends';
import { users } from './users';
import { vendors } from './vendors';

// Payouts (issue 24): statements as they were finalized, frozen line by line; quantities an admin accepted; the
// per-vendor limit for a reported quantity without a planned one. An open statement has no row: it is computed live.

const cents = (name: string) => bigint(name, { mode: 'number' });

/**
 * A finalized (then paid) statement of one vendor for one New York month. The unique index is what makes two admins
 * finalizing at once give one statement. Not a foreign key to the vendor: a statement outlives it.
 */
export const statements = pgTable(
  'statements',
  {
    id: serial('id').primaryKey(),
    vendorId: text('vendor_id').notNull(),
    vendorName: text('vendor_name'),
    /** 'YYYY-MM'. */
    month: text('month').notNull(),
    /** The total as finalized: the lines' known amounts plus the adjustments. */
    owedCents: cents('owed_cents').notNull(),
    unknownLines: integer('unknown_lines').notNull(),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }).notNull(),
    finalizedByUserId: integer('finalized_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    finalizedByEmail: text('finalized_by_email').notNull(),
    /** YYYY-MM-DD, as the admin entered it; null until paid. */
    paidOn: text('paid_on'),
    paymentReference: text('payment_reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidByUserId: integer('paid_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    paidByEmail: text('paid_by_email'),
  },
  (table) => [uniqueIndex('statements_vendor_month_idx').on(table.vendorId, table.month)],
);

/** One send's line of a finalized statement: every term and figure as it was shown. */
export const statementLines = pgTable(
  'statement_lines',
  {
    statementId: integer('statement_id')
      .notNull()
      .references(() => statements.id, { onDelete: 'cascade' }),
    sendId: integer('send_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    clientSlug: text('client_slug'),
    clientName: text('client_name'),
    pricingModel: text('pricing_model'),
    terms: jsonb('terms').$type<DeliveryTerms['items']>().notNull(),
    termsWording: text('terms_wording').notNull(),
    contributions: integer('contributions').notNull(),
    donors: integer('donors').notNull(),
    newDonors: integer('new_donors').notNull(),
    grossCents: cents('gross_cents').notNull(),
    refundedCents: cents('refunded_cents').notNull(),
    netCents: cents('net_cents').notNull(),
    quantity: bigint('quantity', { mode: 'number' }),
    reportedQuantity: bigint('reported_quantity', { mode: 'number' }),
    owedCents: cents('owed_cents'),
    flags: text('flags').array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.statementId, table.sendId] })],
);

/**
 * An adjustment a finalized statement carries: a send of an earlier finalized statement whose amount changed since,
 * with the figures it was settled at (the next adjustment of that send starts from them).
 */
export const statementAdjustments = pgTable(
  'statement_adjustments',
  {
    statementId: integer('statement_id')
      .notNull()
      .references(() => statements.id, { onDelete: 'cascade' }),
    sendId: integer('send_id').notNull(),
    fromMonth: text('from_month').notNull(),
    owedCents: cents('owed_cents').notNull(),
    reason: text('reason').notNull(),
    /** The send's figures as this adjustment settled them. */
    settledOwedCents: cents('settled_owed_cents').notNull(),
    netCents: cents('net_cents').notNull(),
    /** Null on an adjustment frozen before they were kept (issue 34): its net decides then. */
    grossCents: cents('gross_cents'),
    refundedCents: cents('refunded_cents'),
    quantity: bigint('quantity', { mode: 'number' }),
  },
  (table) => [primaryKey({ columns: [table.statementId, table.sendId] })],
);

/**
 * A negative balance a finalized statement opened with: the total of an earlier finalized statement below zero,
 * carried to the vendor's next statement instead of being paid (issue 34, decision 0071).
 */
export const statementCarriedBalances = pgTable(
  'statement_carried_balances',
  {
    statementId: integer('statement_id')
      .notNull()
      .references(() => statements.id, { onDelete: 'cascade' }),
    fromMonth: text('from_month').notNull(),
    owedCents: cents('owed_cents').notNull(),
  },
  (table) => [primaryKey({ columns: [table.statementId, table.fromMonth] })],
);

/** The quantity a vendor's report counts up to when it planned none; goes with the vendor. */
export const vendorQuantityLimits = pgTable('vendor_quantity_limits', {
  vendorId: text('vendor_id')
    .primaryKey()
    .references(() => vendors.vendorId, { onDelete: 'cascade' }),
  quantityLimit: integer('quantity_limit').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
