import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { ResultsMapping } from '#shared/contracts/results';
import { users } from './users';
import { vendors } from './vendors';

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** One import of a platform's contribution export (issue 23): who, when, and its counts. The file itself is not kept. */
export const resultImports = pgTable(
  'result_imports',
  {
    id: serial('id').primaryKey(),
    clientSlug: text('client_slug').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rows: integer('rows').notNull(),
    added: integer('added').notNull(),
    updated: integer('updated').notNull(),
    unchanged: integer('unchanged').notNull(),
    matched: integer('matched').notNull(),
    unmatched: integer('unmatched').notNull(),
    outsideWindow: integer('outside_window').notNull(),
    refunded: integer('refunded').notNull(),
    /** Rows that are no gift and no reversal ($0 rows: a platform's fee lines), counted and named, never stored. */
    skipped: integer('skipped').notNull().default(0),
    /** Why they were skipped, with their first lines; null when none was. */
    skippedReason: text('skipped_reason'),
    /** Reversal rows (refunds, chargebacks, voids) the file carried. */
    reversals: integer('reversals').notNull().default(0),
  },
  (table) => [index('result_imports_client_idx').on(table.clientSlug, table.createdAt)],
);

/**
 * One contribution, identified by its platform's unique id per client: the primary key is what makes two overlapping
 * imports at once give each contribution once. Owned by the latest import that contained it (deleting that import
 * removes it). The donor is only a keyed hash of the normalised e-mail; never a name or an address.
 */
export const contributions = pgTable(
  'contributions',
  {
    clientSlug: text('client_slug').notNull(),
    sourceId: text('source_id').notNull(),
    /**
     * No index: only deleting an import looks rows up by it (one scan), and every index slows the import down. No
     * foreign key either: its check per row cost an import of a million rows seconds; deleting an import deletes its
     * contributions in the same transaction (import-repository.ts).
     */
    importId: integer('import_id').notNull(),
    contributedAt: timestamp('contributed_at', { withTimezone: true }).notNull(),
    amountCents: cents('amount_cents'),
    /** The sum of its reversals (contributionReversals), at most its amount: never written from a row directly. */
    refundedCents: cents('refunded_cents'),
    /** Of refundedCents, what chargebacks and disputes took (shown apart). */
    chargebackCents: cents('chargeback_cents'),
    /** The sum of its reversals before the cap: above amountCents, the Results screen flags the contribution. */
    reversedCents: cents('reversed_cents'),
    /** The latest of its reversals' dates. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    recurrenceNumber: integer('recurrence_number'),
    /**
     * The donor: the first 64 bits of the HMAC-SHA256 of the normalised e-mail with a key derived from the server secret
     * (donor-hash.ts), null without an e-mail. An integer, so that counting distinct donors over a million rows is fast.
     */
    donorHash: bigint('donor_hash', { mode: 'bigint' }),
    /** Normalised, in the order read: the code columns, then the landing URL's utm_source and refcode. */
    codes: text('codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    campaign: text('campaign'),
    /** Not foreign keys: the figures outlive a vendor or a send. */
    vendorId: text('vendor_id'),
    sendId: integer('send_id'),
    /** The rule that decided: 'code:<code>', 'campaign:<value>', 'unmatched', 'ambiguous', 'outside-window', 'not-counted:…'. */
    attribution: text('attribution').notNull().default('unmatched'),
    /** The code that decided the vendor (or made the row ambiguous), for the unattributed list. */
    matchedCode: text('matched_code'),
    /** The donor's first counted contribution to this client of all imported ones, and not in the prior donor file. */
    isNewDonor: boolean('is_new_donor').notNull().default(false),
  },
  (table) => [
    // Byte order ("C", set by migration 0025 on both key columns): comparing the keys is memcmp, not the locale's.
    primaryKey({ columns: [table.clientSlug, table.sourceId] }),
    // The only other index: every one costs an import of a million rows a second or more (docs/results.md). A send's
    // and a (send, vendor)'s figures are kept (sendFigures, sendVendorFigures); donors are found by hash joins.
    index('contributions_client_date_idx').on(table.clientSlug, table.contributedAt),
  ],
);

/**
 * A refund, chargeback or void of a contribution (issue 33): a record of its own, so that a later file lacking it never
 * undoes it, whatever the order of the files. `reversalKey` is what makes it once (importing it again changes nothing):
 * the row's own id when the file names the reversed contribution in a 'reverses' column, else the contribution's id
 * with the kind, date, amount and its occurrence among identical rows of the file; an ActBlue row's Refund ID column
 * gives one per contribution. `sourceId` is the contribution it reverses, which may not be imported yet (a waiting
 * reversal, applied when it arrives).
 */
export const contributionReversals = pgTable(
  'contribution_reversals',
  {
    clientSlug: text('client_slug').notNull(),
    reversalKey: text('reversal_key').notNull(),
    sourceId: text('source_id').notNull(),
    /** 'refund', 'chargeback' (a chargeback or dispute) or 'void'. */
    kind: text('kind').notNull(),
    /** Positive: what it takes back. */
    amountCents: cents('amount_cents'),
    reversedAt: timestamp('reversed_at', { withTimezone: true }).notNull(),
    /** The latest import that carried it (deleting that import removes it). Not a foreign key, as contributions'. */
    importId: integer('import_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.clientSlug, table.reversalKey] }),
    index('contribution_reversals_source_idx').on(table.clientSlug, table.sourceId),
  ],
);

/** Codes an admin adds to a vendor's result codes (its UTM source always is one); normalised. Go with the vendor. */
export const vendorResultCodes = pgTable(
  'vendor_result_codes',
  {
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.vendorId, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.vendorId, table.code] }),
    index('vendor_result_codes_code_idx').on(table.code),
  ],
);

/** A client's attribution window and saved column mapping. */
export const clientResultSettings = pgTable('client_result_settings', {
  clientSlug: text('client_slug').primaryKey(),
  attributionWindowDays: integer('attribution_window_days').notNull().default(30),
  mapping: jsonb('mapping').$type<ResultsMapping>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A client's prior donor file, as the same keyed hashes as contributions' donors. */
export const priorDonors = pgTable(
  'prior_donors',
  {
    clientSlug: text('client_slug').notNull(),
    donorHash: bigint('donor_hash', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.clientSlug, table.donorHash] })],
);

/** The figures kept per send and per (send, vendor): FIGURE_AGGREGATES' columns. */
const keptFigures = () => ({
  contributions: integer('contributions').notNull(),
  donors: integer('donors').notNull(),
  newDonors: integer('new_donors').notNull(),
  grossCents: cents('gross_cents'),
  refundedCents: cents('refunded_cents'),
  chargebackCents: cents('chargeback_cents'),
});

/** Each send's figures over all its vendors (a donor of two vendors is one donor), kept as sendVendorFigures is. */
export const sendFigures = pgTable(
  'send_figures',
  {
    sendId: integer('send_id').primaryKey(),
    clientSlug: text('client_slug').notNull(),
    ...keptFigures(),
  },
  (table) => [index('send_figures_client_idx').on(table.clientSlug)],
);

/**
 * Each (send, vendor)'s figures as FIGURE_AGGREGATES counts them over its attributed contributions, rewritten for the
 * client in the transaction of every write to its contributions (import, deletion, re-attribution, new-donor marks):
 * statements, amounts owed and vendor performance read a row per delivery instead of counting donors over the rows.
 */
export const sendVendorFigures = pgTable(
  'send_vendor_figures',
  {
    sendId: integer('send_id').notNull(),
    vendorId: text('vendor_id').notNull(),
    clientSlug: text('client_slug').notNull(),
    ...keptFigures(),
  },
  (table) => [
    primaryKey({ columns: [table.sendId, table.vendorId] }),
    index('send_vendor_figures_client_idx').on(table.clientSlug),
  ],
);
