import { useRef } from 'react';
import type { ContentWarning } from '#shared/rules/content-checks';
import { buildLinkMatrix, findContentWarnings } from '#shared/rules/content-checks';
import { newYorkDate } from '#shared/rules/new-york-time';
import { cardLabels, emailCardsOf, linkSourceFile, linksPerCard, textCardsOf } from '../state/derive';
import type { SendState } from '../state/send-state';
import { useMemoByParts } from './use-memo-by-parts';

/**
 * The link check and the content warnings of the state the page shows (a deferred copy: a keystroke paints at once).
 * Each is made again only when the fields it reads change (typing a subject line changes neither), so they and the
 * cards that show them keep their identity.
 */
export function useShownChecks(shown: SendState, now: Date) {
  const { shownLabels, shownLabelOf, matrix } = useMemoByParts(() => {
    const shownLabels = cardLabels(shown.cards);
    const refs = shownLabels.map((ref) => ({
      ...ref,
      csvFileName: linkSourceFile(
        shown.cards.find((card) => card.cardId === ref.id)!,
        shown.cards,
      ),
    }));
    return {
      shownLabels,
      shownLabelOf: Object.fromEntries(shownLabels.map((card) => [card.id, card.label])),
      matrix: buildLinkMatrix(shown.session.selectedVendors, refs, linksPerCard(shown.cards)),
    };
  }, [
    shown.session.selectedVendors,
    ...shown.cards.flatMap((card) => [card.cardId, card.cardType, card.csvFileName, card.vendorLinks]),
  ]);
  const today = newYorkDate(now);
  const lastWarnings = useRef<Record<string, ContentWarning[]>>({});
  const warningsByCard = useMemoByParts(() => {
    const byCard: Record<string, ContentWarning[]> = {};
    const warnings = findContentWarnings({
      emailCards: emailCardsOf(shown.cards).map((card) => ({
        id: card.cardId,
        endDate: card.endDate,
        htmlContent: card.fileContent,
      })),
      textCards: textCardsOf(shown.cards).map((card) => ({
        id: card.cardId,
        endDate: card.endDate,
        content: card.textCopy,
      })),
      today,
    });
    for (const warning of warnings) (byCard[warning.cardId] ??= []).push(warning);
    // A card whose warnings read as before keeps the list it had, and is not drawn again.
    for (const [cardId, list] of Object.entries(byCard)) {
      const before = lastWarnings.current[cardId];
      if (
        before &&
        before.length === list.length &&
        before.every((warning, i) => warning.kind === list[i]!.kind && warning.message === list[i]!.message)
      )
        byCard[cardId] = before;
    }
    lastWarnings.current = byCard;
    return byCard;
  }, [
    today,
    ...shown.cards.flatMap((card) => [
      card.cardId,
      card.cardType,
      card.endDate,
      card.cardType === 'email' ? card.fileContent : card.textCopy,
    ]),
  ]);

  return { shownLabels, shownLabelOf, matrix, warningsByCard };
}
