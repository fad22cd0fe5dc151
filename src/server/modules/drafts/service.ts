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
  /** Bytes all of one user's drafts may take together; MAX_DRAFT_BYTES_PER_USER unless a test sets a smaller one. */
  maxDraftBytes?: number;
}

/** Four send pages' worth of files at their largest (20 MB of attachments each), far above real use. */
export const MAX_DRAFT_BYTES_PER_USER = 100 * 1024 * 1024;

export const MAX_DRAFT_CARDS = 50;

const MB = 1024 * 1024;
const tooLarge = (what: string, limit: number) =>
  new AppError(413, `${what} is too large: the limit is ${limit / MB} MB.`);

/** Draft files obey the same limits as a send, so a draft never holds what could not be sent. */
function checkSizes(draft: PatchDraftBody) {
  if (draft.fileContent && Buffer.byteLength(draft.fileContent) > MAX_HTML_OR_CSV_BYTES)
    throw tooLarge('The HTML file', MAX_HTML_OR_CSV_BYTES);
  if (draft.csvContent && Buffer.byteLength(draft.csvContent) > MAX_HTML_OR_CSV_BYTES)
    throw tooLarge('The CSV file', MAX_HTML_OR_CSV_BYTES);
  if (draft.imageContent && Math.floor((draft.imageContent.length * 3) / 4) > MAX_IMAGE_BYTES)
    throw tooLarge('The image', MAX_IMAGE_BYTES);
}

export function listDrafts({ db }: DraftsDeps, userId: number): Promise<DraftCard[]> {
  return repo.listDrafts(db, userId) as Promise<DraftCard[]>;
}

/**
 * Writes a draft change and checks the user's total after it, with the user's drafts locked: over the limit, the
 * transaction is undone and the answer is 413 (what was saved before stays).
 */
function withinTotal<T>(deps: DraftsDeps, userId: number, write: (tx: Db) => Promise<T>): Promise<T> {
  const limit = deps.maxDraftBytes ?? MAX_DRAFT_BYTES_PER_USER;
  return deps.db.transaction(async (tx) => {
    await repo.lockUserDrafts(tx, userId);
    const result = await write(tx);
    if ((await repo.totalDraftBytes(tx, userId)) > limit) {
      throw new AppError(
        413,
        `Your saved content cards would take more than ${limit >= MB ? `${Math.round(limit / MB)} MB` : `${limit} bytes`} together, the most the send page keeps for you. ` +
          'Remove files from cards you no longer need, or send and clear the page, then try again.',
      );
    }
    return result;
  });
}

export async function saveDraft(deps: DraftsDeps, userId: number, draft: DraftCard) {
  checkSizes(draft);
  return withinTotal(deps, userId, async (tx) => {
    const existing = await repo.listDrafts(tx, userId);
    if (existing.length >= MAX_DRAFT_CARDS && !existing.some((card) => card.cardId === draft.cardId)) {
      throw badRequest(`You can have at most ${MAX_DRAFT_CARDS} content cards.`);
    }
    return repo.upsertDraft(tx, { ...draft, userId, updatedAt: deps.clock.now() }) as Promise<DraftCard>;
  });
}

export async function patchDraft(deps: DraftsDeps, userId: number, cardId: string, changes: PatchDraftBody) {
  checkSizes(changes);
  return withinTotal(deps, userId, async (tx) => {
    const row = await repo.updateDraft(tx, userId, cardId, { ...changes, updatedAt: deps.clock.now() } as Parameters<
      typeof repo.updateDraft
    >[3]);
    if (!row) throw notFound(`Content card ${cardId} was not found. It may have been removed in another tab.`);
    return row as DraftCard;
  });
}

export const deleteDraft = ({ db }: DraftsDeps, userId: number, cardId: string) => repo.deleteDraft(db, userId, cardId);
export const clearDrafts = ({ db }: DraftsDeps, userId: number) => repo.deleteAllDrafts(db, userId);

export async function getSession({ db }: DraftsDeps, userId: number): Promise<SessionState> {
  return ((await repo.findSession(db, userId)) as SessionState | undefined) ?? INITIAL_SESSION_STATE;
}

export async function saveSession({ db, clock }: DraftsDeps, userId: number, changes: Partial<SessionState>) {
  const now = clock.now();
  const row = await repo.upsertSession(
    db,
    { ...INITIAL_SESSION_STATE, ...changes, userId, updatedAt: now },
    { ...changes, updatedAt: now },
  );
  return row as SessionState;
}

/** True when the user has a send in progress on the send page: a saved card, or a chosen client or vendor. */
export async function hasSendInProgress({ db }: DraftsDeps, userId: number): Promise<boolean> {
  const [cardCount, session] = await Promise.all([repo.countDrafts(db, userId), repo.findSession(db, userId)]);
  return cardCount > 0 || !!session?.selectedClient || (session?.selectedVendors.length ?? 0) > 0;
}

/** Replaces the user's whole send page (every card and the session) at once, within the same size limits as autosave. */
export async function replaceSendPage(deps: DraftsDeps, userId: number, cards: DraftCard[], session: SessionState) {
  cards.forEach(checkSizes);
  if (cards.length > MAX_DRAFT_CARDS) throw badRequest(`You can have at most ${MAX_DRAFT_CARDS} content cards.`);
  const now = deps.clock.now();
  await withinTotal(deps, userId, async (tx) => {
    await repo.deleteAllDrafts(tx, userId);
    for (const card of cards) await repo.upsertDraft(tx, { ...card, userId, updatedAt: now });
    await repo.upsertSession(tx, { ...session, userId, updatedAt: now }, { ...session, updatedAt: now });
  });
}

export const clearSession = ({ db }: DraftsDeps, userId: number) => repo.deleteSession(db, userId);

export type { CreateDraftBody };
