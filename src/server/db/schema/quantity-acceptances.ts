import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { emailDeliveries } from './sends';
import { users } from './users';

// Apart from the statements (./payouts.ts), which a statement's message in email_deliveries refers to: this table
// refers to email_deliveries, and a schema file importing the other both ways would be an import cycle.

/** A vendor's reported quantity an admin accepted above what it could count unaccepted (item 6); goes with the delivery. */
export const quantityAcceptances = pgTable('quantity_acceptances', {
  deliveryId: integer('delivery_id')
    .primaryKey()
    .references(() => emailDeliveries.id, { onDelete: 'cascade' }),
  /** The quantity accepted: it counts while the reported one is this. */
  quantity: integer('quantity').notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  acceptedByUserId: integer('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  acceptedByEmail: text('accepted_by_email').notNull(),
});
