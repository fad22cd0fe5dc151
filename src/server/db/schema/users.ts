import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// Who may use the app: the authorized addresses, their invitations and the accounts.

/** The addresses allowed to register, sign in and use the API. isAdmin lives here so it can be set before registration. */
export const authorizedEmails = pgTable('authorized_emails', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  isAdmin: boolean('is_admin').notNull().default(false),
  createdAt: createdAt(),
});

/**
 * One-time invitations to register an authorized address with a password (knowing the address is not enough to claim
 * it). Only a hash of the token is stored; an admin's new invite for an address deletes the old ones; the setup links
 * of ADMIN_EMAILS add up, one per start (0022); registering with one deletes the address's others.
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
