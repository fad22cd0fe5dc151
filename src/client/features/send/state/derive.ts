import { findClient } from '#shared/clients';
import type { SendBodyInput } from '#shared/contracts/send';
import type { Vendor } from '#shared/contracts/vendors';
import type { ComposeInput } from '#shared/email/compose';
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
  return Object.fromEntries(cards.map((card) => [card.cardId, card.csvFileName ? card.vendorLinks : (global?.vendorLinks ?? {})]));
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
    textCards: textCardsOf(cards).map((card) => ({ id: card.cardId, content: card.textCopy, csvContent: card.csvContent })),
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
    vendorSplits: Object.fromEntries(session.selectedVendors.map((id) => [id, splits[id] ?? '50/50'])),
    imageAttachments: texts
      .filter((card) => card.imageContent && card.imageFileName && card.imageContentType)
      .map((card) => ({ filename: card.imageFileName!, content: card.imageContent!, contentType: card.imageContentType! })),
    allVendorLinks: linksPerCard(cards),
    pricingModel: session.pricingModel,
  };
}

export interface PreviewContext {
  now: Date;
  senderEmail: string;
  senderFirstName: string;
  approvalEmails: readonly string[];
  hubPassword: string | undefined;
}

/** What the composer needs to draw one vendor's email: the same input the server builds from the send body. */
export function composeInputFor(state: SendState, vendor: Vendor | undefined, data: VendorData, context: PreviewContext): ComposeInput {
  const links = linksPerCard(state.cards);
  const vendorId = vendor?.vendorId ?? '';
  const linkOf = (card: Card) => links[card.cardId]?.[vendorId] ?? null;
  const client = findClient(state.session.selectedClient);
  return {
    send: {
      client: client ? { slug: client.slug, displayName: client.displayName } : null,
      pricingModel: state.session.pricingModel,
      emailCards: emailCardsOf(state.cards).map((card) => ({
        id: card.cardId,
        subject: card.htmlSubject,
        senderName: card.senderName,
        endDate: card.endDate,
        link: linkOf(card),
        filename: card.fileName,
        htmlContent: card.fileContent,
      })),
      textCards: textCardsOf(state.cards).map((card) => ({
        id: card.cardId,
        content: card.textCopy,
        senderName: card.senderName,
        endDate: card.endDate,
        link: linkOf(card),
        fileName: card.imageFileName,
        fileContent: card.imageContent,
        contentType: card.imageContentType,
      })),
    },
    vendor: {
      name: vendor?.name ?? '',
      emails: vendor?.emails ?? [],
      emailProspectingKey: vendor?.emailProspectingKey ?? null,
      textProspectingKey: vendor?.textProspectingKey ?? null,
      split: vendor ? data.splits[vendor.vendorId] : undefined,
      costs: vendor ? data.costs[vendor.vendorId] : undefined,
    },
    context,
  };
}
