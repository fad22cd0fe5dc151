import type { CreateDraftBody, DraftCard, PatchDraftBody, SessionState } from '#shared/contracts/drafts';
import { INITIAL_SESSION_STATE } from '#shared/contracts/drafts';
import { MAX_HTML_OR_CSV_BYTES, MAX_IMAGE_BYTES } from '#shared/contracts/send';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { AppError, badRequest, notFound } from '#server/errors';
import * as repo from './repository';

export interface DraftsDeps {
  db: Db;
  clock: Clock;
}

export const MAX_DRAFT_CARDS = 50;

const MB = 1024 * 1024;
const tooLarge = (what: string, limit: number) => new AppError(413, `${what} is too large: the limit is ${limit / MB} MB.`);

/** Draft files obey the same limits as a send, so a draft never holds what could not be sent. */
function checkSizes(draft: PatchDraftBody) {
  if (draft.fileContent && Buffer.byteLength(draft.fileContent) > MAX_HTML_OR_CSV_BYTES) throw tooLarge('The HTML file', MAX_HTML_OR_CSV_BYTES);
  if (draft.csvContent && Buffer.byteLength(draft.csvContent) > MAX_HTML_OR_CSV_BYTES) throw tooLarge('The CSV file', MAX_HTML_OR_CSV_BYTES);
  if (draft.imageContent && Math.floor((draft.imageContent.length * 3) / 4) > MAX_IMAGE_BYTES) throw tooLarge('The image', MAX_IMAGE_BYTES);
}

export function listDrafts({ db }: DraftsDeps, userId: number): Promise<DraftCard[]> {
  return repo.listDrafts(db, userId) as Promise<DraftCard[]>;
}

export async function saveDraft({ db, clock }: DraftsDeps, userId: number, draft: DraftCard) {
  checkSizes(draft);
  const existing = await repo.listDrafts(db, userId);
  if (existing.length >= MAX_DRAFT_CARDS && !existing.some((card) => card.cardId === draft.cardId)) {
    throw badRequest(`You can have at most ${MAX_DRAFT_CARDS} content cards.`);
  }
  return repo.upsertDraft(db, { ...draft, userId, updatedAt: clock.now() }) as Promise<DraftCard>;
}

export async function patchDraft({ db, clock }: DraftsDeps, userId: number, cardId: string, changes: PatchDraftBody) {
  checkSizes(changes);
  const row = await repo.updateDraft(db, userId, cardId, { ...changes, updatedAt: clock.now() } as Parameters<typeof repo.updateDraft>[3]);
  if (!row) throw notFound(`Content card ${cardId} was not found. It may have been removed in another tab.`);
  return row as DraftCard;
}

export const deleteDraft = ({ db }: DraftsDeps, userId: number, cardId: string) => repo.deleteDraft(db, userId, cardId);
export const clearDrafts = ({ db }: DraftsDeps, userId: number) => repo.deleteAllDrafts(db, userId);

export async function getSession({ db }: DraftsDeps, userId: number): Promise<SessionState> {
  return ((await repo.findSession(db, userId)) as SessionState | undefined) ?? INITIAL_SESSION_STATE;
}

export async function saveSession({ db, clock }: DraftsDeps, userId: number, changes: Partial<SessionState>) {
  const now = clock.now();
  const row = await repo.upsertSession(db, { ...INITIAL_SESSION_STATE, ...changes, userId, updatedAt: now }, { ...changes, updatedAt: now });
  return row as SessionState;
}

export const clearSession = ({ db }: DraftsDeps, userId: number) => repo.deleteSession(db, userId);

export type { CreateDraftBody };
