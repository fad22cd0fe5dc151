import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

// Google sign-in's one-time tickets, spent flows and codes.

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
