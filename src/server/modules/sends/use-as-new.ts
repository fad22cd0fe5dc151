import type { DraftCard, SessionState } from '#shared/contracts/drafts';
import { emptyDraftCard } from '#shared/contracts/responses/drafts';
import { SEND_IN_PROGRESS_MESSAGE, type UseAsNewSendResult } from '#shared/contracts/sends-reuse';
import { conflict } from '#server/errors';
import * as drafts from '../drafts';
import * as vendorRepo from '../vendors';
import * as repo from './reuse-repository';
import { currentLinkVendors, extractStoredLinks, loadStoredSend, type StoreDeps } from './stored-send';

/**
 * 'Use as new send': the send page's saved state becomes this send's client, pricing model, cards (with their files
 * from the store) and vendors, so the page opens with it as an autosaved draft. A send in progress is replaced only
 * when the user confirmed it (409 otherwise). A CSV shared by every card is kept once, on the first card, as the page's
 * global CSV, the way it was dropped.
 */
export async function useAsNewSend(
  deps: StoreDeps & drafts.DraftsDeps,
  userId: number,
  sendId: number,
  replaceDraft: boolean,
): Promise<UseAsNewSendResult> {
  const stored = await loadStoredSend(deps, sendId);
  if (!replaceDraft && (await drafts.hasSendInProgress(deps, userId)))
    throw conflict(SEND_IN_PROGRESS_MESSAGE, 'send-in-progress');
  const [logVendors, existing] = await Promise.all([
    repo.listLogVendors(deps.db, sendId),
    vendorRepo.listVendors(deps.db),
  ]);
  const existingIds = new Set(existing.map((vendor) => vendor.vendorId));
  const selectedVendors = logVendors.map((vendor) => vendor.vendorId).filter((vendorId) => existingIds.has(vendorId));
  const missingVendors = logVendors
    .filter((vendor) => !existingIds.has(vendor.vendorId))
    .map((vendor) => vendor.vendorName);

  const links = extractStoredLinks(stored, await currentLinkVendors(deps.db));
  const allCards = [...stored.emailCards, ...stored.textCards];
  const globalCsvKey = allCards.find((card) => card.csvKey)?.csvKey ?? null;
  const firstWithGlobal = allCards.find((card) => card.csvKey === globalCsvKey);
  const csvOf = (card: (typeof allCards)[number]) =>
    card.csv && (card.csvKey !== globalCsvKey || card === firstWithGlobal)
      ? {
          csvFileName: card.csv.fileName,
          csvContent: card.csv.data.toString('utf8'),
          vendorLinks: links[card.id] ?? {},
        }
      : { csvFileName: null, csvContent: null, vendorLinks: {} };
  const cards: DraftCard[] = [
    ...stored.emailCards.map((card, i): DraftCard => ({
      ...emptyDraftCard(card.id, 'email', i),
      htmlSubject: card.subject,
      senderName: card.senderName,
      endDate: card.endDate,
      fileName: card.html?.fileName ?? null,
      fileContent: card.html?.data.toString('utf8') ?? null,
      ...csvOf(card),
    })),
    ...stored.textCards.map((card, i): DraftCard => ({
      ...emptyDraftCard(card.id, 'text', stored.emailCards.length + i),
      senderName: card.senderName,
      endDate: card.endDate,
      textCopy: card.content,
      imageFileName: card.image?.fileName ?? null,
      imageContent: card.image?.data.toString('base64') ?? null,
      imageContentType: card.image?.contentType ?? null,
      ...csvOf(card),
    })),
  ];
  const session: SessionState = {
    selectedContentType: stored.emailCards.length > 0 ? 'email' : stored.textCards.length > 0 ? 'text' : null,
    selectedClient: stored.log.clientSlug,
    selectedVendors,
    showInitialSelection: cards.length === 0,
    pricingModel: stored.pricingModel,
    sendReminders: stored.log.remindersEnabled,
  };
  await drafts.replaceSendPage(deps, userId, cards, session);
  return { cardCount: cards.length, selectedVendors, missingVendors };
}
