import * as z from 'zod/mini';
import { rowId } from './common';

/** GET /api/audit-log: newest first, paged by id (`before` is the `nextBefore` of the previous page). */
export const auditLogQuery = z.object({
  limit: z._default(
    z.optional(
      z.coerce
        .number({ error: 'must be a number' })
        .check(
          z.int({ error: 'must be a whole number' }),
          z.gte(1, { error: 'must be at least 1' }),
          z.lte(200, { error: 'must be at most 200' }),
        ),
    ),
    50,
  ),
  before: z.optional(rowId),
});
export type AuditLogQuery = z.input<typeof auditLogQuery>;

export const auditEntry = z.object({
  id: z.number(),
  actorUserId: z.nullable(z.number()),
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

export const auditLogPage = z.object({ entries: z.array(auditEntry), nextBefore: z.nullable(z.number()) });
export type AuditLogPage = z.infer<typeof auditLogPage>;
