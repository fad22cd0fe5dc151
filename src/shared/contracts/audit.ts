import { z } from 'zod';
import { rowId } from './common';

/** GET /api/audit-log: newest first, paged by id (`before` is the `nextBefore` of the previous page). */
export const auditLogQuery = z.object({
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(200, { error: 'must be at most 200' })
    .optional()
    .default(50),
  before: rowId.optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuery>;

export const auditEntry = z.object({
  id: z.number(),
  actorUserId: z.number().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** ISO 8601 */
  at: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntry>;

export const auditLogPage = z.object({ entries: z.array(auditEntry), nextBefore: z.number().nullable() });
export type AuditLogPage = z.infer<typeof auditLogPage>;
