import type { AuditLogPage } from '#shared/contracts/audit';
import type { Db } from '#server/db/client';
import * as repo from './repository';

export interface AuditDeps {
  db: Db;
}

/** One page of the audit trail, newest first; nextBefore is null on the last page. */
export async function listAuditLog({ db }: AuditDeps, limit: number, before?: number): Promise<AuditLogPage> {
  // One row more than asked tells whether another page follows.
  const rows = await repo.listAudit(db, limit + 1, before);
  const entries = rows.slice(0, limit).map((row) => ({
    id: row.id,
    actorUserId: row.actorUserId,
    actorEmail: row.actorEmail,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
    at: row.at.toISOString(),
  }));
  return { entries, nextBefore: rows.length > limit ? entries.at(-1)!.id : null };
}
