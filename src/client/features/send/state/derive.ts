import type { SendBodyInput } from '#shared/contracts/send';
import { DEFAULT_SPLIT } from '#shared/contracts/vendor-terms';
import type { Vendor } from '#shared/contracts/vendors';
import { ownEntry } from '#shared/own-entry';
import type { CostValues } from '#shared/rules/pricing';
import { labelCards, type SendRequirementsState } from '#shared/rules/validation';
import type { Card, SendState } from './send-state';

export type LinksPerCard = Record<string, Record<string, string>>;

/** The card whose CSV serves every card without one of its own: the first card that has a CSV. */
export function globalCsvCard(cards: readonly Card[]): Card | undefined {
  return cards.find((card) => card.csvFileName);
}

/** card id -> vendorId -> link: a card's own CSV, else the global one. */
export function linksPerCard(cards: readonly Card[]): LinksPerCard {
  const global = globalCsvCard(cards);
  return Object.fromEntries(
    cards.map((card) => [card.cardId, card.csvFileName ? card.vendorLinks : (global?.vendorLinks ?? {})]),
  );
}

/** The CSV file name each card's links come from. */
export function linkSourceFile(card: Card, cards: readonly Card[]): string | null {
  return card.csvFileName ?? globalCsvCard(cards)?.csvFileName ?? null;
}

export const emailCardsOf = (cards: readonly Card[]) => cards.filter((card) => card.cardType === 'email');
export const textCardsOf = (cards: readonly Card[]) => cards.filter((card) => card.cardType === 'text');

export function cardLabels(cards: readonly Card[]) {
  return labelCards(
    emailCardsOf(cards).map((card) => ({ id: card.cardId })),
    textCardsOf(cards).map((card) => ({ id: card.cardId })),
  );
}

export interface VendorData {
  vendors: readonly Vendor[];
  splits: Readonly<Record<string, string>>;
  costs: Readonly<Record<string, CostValues>>;
}

export function requirementsState({ session, cards }: SendState, data: VendorData): SendRequirementsState {
  return {
    selectedClient: session.selectedClient,
    selectedVendors: session.selectedVendors,
    pricingModel: session.pricingModel,
    emailCards: emailCardsOf(cards).map((card) => ({
      id: card.cardId,
      htmlContent: card.fileContent,
      subject: card.htmlSubject,
      senderName: card.senderName,
      endDate: card.endDate,
      csvContent: card.csvContent,
    })),
    textCards: textCardsOf(cards).map((card) => ({
      id: card.cardId,
      content: card.textCopy,
      csvContent: card.csvContent,
    })),
    globalCsvContent: globalCsvCard(cards)?.csvContent ?? null,
    vendors: data.vendors,
    splits: data.splits,
    costs: data.costs,
  };
}

/** The consolidated send body of SPEC 7. */
export function buildSendBody({ session, cards }: SendState, splits: Readonly<Record<string, string>>): SendBodyInput {
  const global = globalCsvCard(cards);
  const csvOf = (card: Card) => card.csvContent ?? global?.csvContent ?? null;
  const csvNameOf = (card: Card) => (card.csvContent ? card.csvFileName : (global?.csvFileName ?? null));
  const texts = textCardsOf(cards);
  return {
    selectedVendors: session.selectedVendors,
    emailCards: emailCardsOf(cards).map((card) => ({
      id: card.cardId,
      htmlContent: card.fileContent ?? '',
      filename: card.fileName,
      subject: card.htmlSubject,
      senderName: card.senderName,
      endDate: card.endDate,
      csvContent: csvOf(card),
      csvFileName: csvNameOf(card),
    })),
    textCards: texts.map((card) => ({
      id: card.cardId,
      content: card.textCopy,
      senderName: card.senderName,
      endDate: card.endDate,
      csvContent: csvOf(card),
      csvFileName: csvNameOf(card),
      fileContent: card.imageContent,
      fileName: card.imageFileName,
    })),
    selectedClient: session.selectedClient,
    vendorSplits: Object.fromEntries(session.selectedVendors.map((id) => [id, ownEntry(splits, id) ?? DEFAULT_SPLIT])),
    imageAttachments: texts
      .filter((card) => card.imageContent && card.imageFileName && card.imageContentType)
      .map((card) => ({
        filename: card.imageFileName!,
        content: card.imageContent!,
        contentType: card.imageContentType!,
      })),
    allVendorLinks: linksPerCard(cards),
    pricingModel: session.pricingModel,
    sendReminders: session.sendReminders,
  };
}
