import { boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { users } from './users';

// The send page's autosaved state, per user.

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
