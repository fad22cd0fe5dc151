import { desc, lt } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { auditLog } from '#server/db/schema';

export interface Actor {
  id: number;
  email: string;
}

/** Who an entry names: a user, or someone without an account (a vendor on its page: id null). */
export interface AuditActor {
  id: number | null;
  email: string;
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Every entry of the audit trail is written here, inside the caller's transaction when it passes one. */
export async function recordAudit(db: Db | Tx, actor: AuditActor, entry: AuditEntry, at: Date): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    at,
  });
}

export function listAudit(db: Db, limit: number, beforeId?: number) {
  return db
    .select()
    .from(auditLog)
    .where(beforeId ? lt(auditLog.id, beforeId) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
