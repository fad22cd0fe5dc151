import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

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
