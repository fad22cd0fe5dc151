import * as z from 'zod/mini';

/** GET /api/health: liveness. */
export const health = z.object({ ok: z.boolean() });

// Only the parts this instance uses are checked (the mail server only with SMTP); the server's own threads (the SMTP
// threads, the results reading threads) are named when they cannot start.
const checks = z.partialRecord(
  z.enum(['database', 'store', 'mail', 'mailThreads', 'readingThreads']),
  z.enum(['ok', 'failing']),
);

/** GET /api/ready: every part the instance needs answered its check. */
export const readiness = z.object({ ok: z.literal(true), checks });

/** GET /api/ready with 503: which parts failed (the reasons go to the log only). */
export const notReady = z.object({ message: z.string(), code: z.literal('unavailable'), checks });
