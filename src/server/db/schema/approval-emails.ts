import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Addresses CC'd on vendor emails and named in approval requests. */
export const approvalEmails = pgTable('approval_emails', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
});
