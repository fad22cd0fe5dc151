import type { emailDeliveries, storedFiles } from '#server/db/schema';

/**
 * A message's place in the delivery queue as it is written: pending, no attempt yet, due `now`, with the queue's
 * allowance of attempts. Every kind of message enters the queue so (a follow-up, a statement).
 */
export function dueNow(maxAttempts: number, now: Date) {
  return {
    status: 'pending',
    attempts: 0,
    maxAttempts,
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
  } satisfies Partial<typeof emailDeliveries.$inferInsert>;
}

/** The stored_files row of a queued message's exact bytes, kept under `key` in the file store. */
export function storedMessageFile(
  key: string,
  fileName: string,
  raw: Buffer,
  createdByUserId: number | null,
  now: Date,
): typeof storedFiles.$inferInsert {
  return {
    key,
    kind: 'eml',
    fileName,
    contentType: 'message/rfc822',
    size: raw.length,
    createdByUserId,
    createdAt: now,
  };
}
