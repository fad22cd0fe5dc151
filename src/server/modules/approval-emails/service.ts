import type { ApprovalEmail } from '#shared/contracts/vendors';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { badRequest, conflict, notFound } from '#server/errors';
import { recordAudit, type Actor } from '../audit';
import * as repo from './repository';

export interface ApprovalEmailsDeps {
  db: Db;
  clock: Clock;
  /** APPROVAL_DOMAINS: the domains approval addresses must be at (exactly, not their subdomains); empty: any. */
  approvalDomains: readonly string[];
}

function checkDomain(email: string, domains: readonly string[]) {
  if (domains.length === 0) return;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (!domains.includes(domain)) {
    const list = domains.map((allowed) => `@${allowed}`).join(', ');
    throw badRequest(`Approval addresses must be at ${domains.length === 1 ? list : `one of ${list}`}.`, {
      field: 'email',
    });
  }
}

export function listApprovalEmails({ db }: ApprovalEmailsDeps): Promise<ApprovalEmail[]> {
  return repo.listApprovalEmails(db);
}

export async function addApprovalEmail(
  { db, clock, approvalDomains }: ApprovalEmailsDeps,
  actor: Actor,
  email: string,
): Promise<ApprovalEmail> {
  checkDomain(email, approvalDomains);
  return db.transaction(async (tx) => {
    const now = clock.now();
    const row = await repo.insertApprovalEmail(tx, email, now);
    if (!row) throw conflict(`${email} is already an approval address.`);
    await recordAudit(tx, actor, { action: 'create', entity: 'approval_email', entityId: row.id, after: row }, now);
    return row;
  });
}

export async function removeApprovalEmail({ db, clock }: ApprovalEmailsDeps, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.deleteApprovalEmail(tx, id);
    if (!row) throw notFound('This approval address no longer exists. It may have been deleted by someone else.');
    await recordAudit(
      tx,
      actor,
      { action: 'delete', entity: 'approval_email', entityId: id, before: row },
      clock.now(),
    );
  });
}
