import { and, asc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { prospectingDrafts, prospectingSessions, users } from '#server/db/schema';

type DraftInsert = typeof prospectingDrafts.$inferInsert;
type SessionInsert = typeof prospectingSessions.$inferInsert;

const draftColumns = {
  cardId: prospectingDrafts.cardId,
  cardType: prospectingDrafts.cardType,
  cardOrder: prospectingDrafts.cardOrder,
  htmlSubject: prospectingDrafts.htmlSubject,
  senderName: prospectingDrafts.senderName,
  endDate: prospectingDrafts.endDate,
  fileName: prospectingDrafts.fileName,
  fileContent: prospectingDrafts.fileContent,
  textCopy: prospectingDrafts.textCopy,
  csvFileName: prospectingDrafts.csvFileName,
  csvContent: prospectingDrafts.csvContent,
  vendorLinks: prospectingDrafts.vendorLinks,
  isExpanded: prospectingDrafts.isExpanded,
  imageFileName: prospectingDrafts.imageFileName,
  imageContent: prospectingDrafts.imageContent,
  imageContentType: prospectingDrafts.imageContentType,
};

export function listDrafts(db: Db, userId: number) {
  return db
    .select(draftColumns)
    .from(prospectingDrafts)
    .where(eq(prospectingDrafts.userId, userId))
    .orderBy(asc(prospectingDrafts.cardOrder), asc(prospectingDrafts.cardId));
}

/** Holds the user's row until the transaction ends, so that two saves of one user's drafts check their total in turn. */
export async function lockUserDrafts(db: Db, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Bytes of the user's saved drafts: the file contents and the texts, as stored. */
export async function totalDraftBytes(db: Db, userId: number): Promise<number> {
  const size = (column: AnyColumn) => sql`coalesce(octet_length(${column}), 0)`;
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${size(prospectingDrafts.fileContent)} + ${size(prospectingDrafts.csvContent)} + ${size(prospectingDrafts.imageContent)}
        + octet_length(${prospectingDrafts.textCopy}) + octet_length(${prospectingDrafts.htmlSubject}) + octet_length(${prospectingDrafts.vendorLinks}::text)), 0)`,
    })
    .from(prospectingDrafts)
    .where(eq(prospectingDrafts.userId, userId));
  return Number(row?.total ?? 0);
}

export async function countDrafts(db: Db, userId: number) {
  return db.$count(prospectingDrafts, eq(prospectingDrafts.userId, userId));
}

/** Creates the card, or replaces it when a retried create finds it already there. */
export async function upsertDraft(db: Db, values: DraftInsert) {
  const { userId: _userId, cardId: _cardId, ...changes } = values;
  const [row] = await db
    .insert(prospectingDrafts)
    .values(values)
    .onConflictDoUpdate({
      target: [prospectingDrafts.userId, prospectingDrafts.cardId],
      set: { ...changes, updatedAt: values.updatedAt },
    })
    .returning(draftColumns);
  return row!;
}

export async function updateDraft(db: Db, userId: number, cardId: string, changes: Partial<DraftInsert>) {
  const [row] = await db
    .update(prospectingDrafts)
    .set(changes)
    .where(and(eq(prospectingDrafts.userId, userId), eq(prospectingDrafts.cardId, cardId)))
    .returning(draftColumns);
  return row;
}

export async function deleteDraft(db: Db, userId: number, cardId: string) {
  await db
    .delete(prospectingDrafts)
    .where(and(eq(prospectingDrafts.userId, userId), eq(prospectingDrafts.cardId, cardId)));
}

export async function deleteAllDrafts(db: Db, userId: number) {
  await db.delete(prospectingDrafts).where(eq(prospectingDrafts.userId, userId));
}

const sessionColumns = {
  selectedContentType: prospectingSessions.selectedContentType,
  selectedClient: prospectingSessions.selectedClient,
  selectedVendors: prospectingSessions.selectedVendors,
  showInitialSelection: prospectingSessions.showInitialSelection,
  pricingModel: prospectingSessions.pricingModel,
  sendReminders: prospectingSessions.sendReminders,
};

export async function findSession(db: Db, userId: number) {
  const [row] = await db.select(sessionColumns).from(prospectingSessions).where(eq(prospectingSessions.userId, userId));
  return row;
}

/** Writes the given fields; a user without a row gets one with the other fields at their initial values. */
export async function upsertSession(db: Db, values: SessionInsert, changes: Partial<SessionInsert>) {
  const [row] = await db
    .insert(prospectingSessions)
    .values(values)
    .onConflictDoUpdate({ target: prospectingSessions.userId, set: changes })
    .returning(sessionColumns);
  return row!;
}

export async function deleteSession(db: Db, userId: number) {
  await db.delete(prospectingSessions).where(eq(prospectingSessions.userId, userId));
}
