import { asc, eq } from 'drizzle-orm';
import type { ApprovalEmail } from '#shared/contracts/vendors';
import type { Db } from '#server/db/client';
import { approvalEmails } from '#server/db/schema';

const columns = { id: approvalEmails.id, email: approvalEmails.email };

/** In the order they were added. */
export function listApprovalEmails(db: Db): Promise<ApprovalEmail[]> {
  return db.select(columns).from(approvalEmails).orderBy(asc(approvalEmails.id));
}

/** Adds the address; undefined when it is already there. */
export async function insertApprovalEmail(db: Db, email: string, at: Date): Promise<ApprovalEmail | undefined> {
  const [row] = await db
    .insert(approvalEmails)
    .values({ email, createdAt: at })
    .onConflictDoNothing({ target: approvalEmails.email })
    .returning(columns);
  return row;
}

/** Deletes the address; undefined when it was already gone. */
export async function deleteApprovalEmail(db: Db, id: number): Promise<ApprovalEmail | undefined> {
  const [row] = await db.delete(approvalEmails).where(eq(approvalEmails.id, id)).returning(columns);
  return row;
}
