import type { PricingModel } from '../contracts/vendors';
import { ownEntry } from '../own-entry';
import { vendorTerms, type CostValues } from './pricing';
import { vendorLinkFor, type VendorLinksPerCard } from './vendor-links';

/** An email card as the rules see it: the send body's email card fits as is. */
export interface EmailCardFields {
  id: string;
  htmlContent: string | null;
  subject: string | null;
  senderName: string | null;
  endDate: string | null;
  csvContent: string | null;
}

/** A text card as the rules see it: the send body's text card fits as is. */
export interface TextCardFields {
  id: string;
  content: string | null;
  csvContent: string | null;
}

/**
 * Everything SPEC 5 'Send is blocked' looks at. The server spreads its parsed send body and adds the
 * vendors, splits and costs it reads; the send page maps its session, draft cards and vendor queries.
 */
export interface SendRequirementsState {
  selectedClient: string | null;
  selectedVendors: readonly string[];
  pricingModel: PricingModel;
  emailCards: readonly EmailCardFields[];
  textCards: readonly TextCardFields[];
  /** The global drop zone's CSV; the server has none (the client copies it into the cards' csvContent). */
  globalCsvContent?: string | null;
  vendors: readonly { vendorId: string; name: string }[];
  /** vendorId -> 'A/B'; a vendor without an entry has the 50/50 default. */
  splits: Readonly<Record<string, string>>;
  costs: Readonly<Record<string, CostValues>>;
}

export interface CardRef {
  id: string;
  /** 'Email 1', 'Text 2': how messages name the card. */
  label: string;
}

export const MAIN_CARD_ID = 'main';

function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === '';
}

/** Email cards then text cards, named by their position among cards of their kind. */
export function labelCards(emailCards: readonly { id: string }[], textCards: readonly { id: string }[]): CardRef[] {
  return [
    ...emailCards.map((card, i) => ({ id: card.id, label: `Email ${i + 1}` })),
    ...textCards.map((card, i) => ({ id: card.id, label: `Text ${i + 1}` })),
  ];
}

/** Human labels of everything missing, in SPEC 5 order; empty when the send may go. */
export function findMissingRequirements(state: SendRequirementsState): string[] {
  const missing: string[] = [];
  const { emailCards, textCards } = state;
  if (isBlank(state.selectedClient)) missing.push('Client selection');
  if (state.selectedVendors.length === 0) missing.push('Vendor selection');
  if (emailCards.length + textCards.length === 0) missing.push('Prospecting details (email or text)');

  const mainIndex = Math.max(
    0,
    emailCards.findIndex((card) => card.id === MAIN_CARD_ID),
  );
  const main = emailCards[mainIndex];
  const cardFields = (card: EmailCardFields, label: string): string[] => [
    ...(isBlank(card.subject) ? [`${label} subject line`] : []),
    ...(isBlank(card.senderName) ? [`${label} sender name`] : []),
    ...(isBlank(card.endDate) ? [`${label} end date`] : []),
  ];
  if (main) missing.push(...cardFields(main, `Email ${mainIndex + 1}`));

  const hasCsv =
    !isBlank(state.globalCsvContent) || [...emailCards, ...textCards].some((card) => !isBlank(card.csvContent));
  if (!hasCsv && emailCards.length + textCards.length > 0) missing.push('CSV file with vendor links');

  emailCards.forEach((card, i) => {
    const label = `Email ${i + 1}`;
    if (isBlank(card.htmlContent)) missing.push(`${label} HTML file`);
    if (i !== mainIndex) missing.push(...cardFields(card, label));
  });
  textCards.forEach((card, i) => {
    if (isBlank(card.content)) missing.push(`Text ${i + 1} text content`);
  });

  const names = new Map(state.vendors.map((vendor) => [vendor.vendorId, vendor.name]));
  for (const vendorId of state.selectedVendors) {
    const terms = vendorTerms(state.pricingModel, ownEntry(state.splits, vendorId), ownEntry(state.costs, vendorId));
    const name = names.get(vendorId) ?? vendorId;
    missing.push(...terms.missing.map((what) => `${what} for ${name}`));
  }
  return missing;
}

export function pleaseCompleteMessage(missing: readonly string[]): string {
  return `Please complete: ${missing.join(', ')}`;
}

export function missingLinkMessage(cardLabel: string, vendorName: string): string {
  return `Missing vendor link for card ${cardLabel} and vendor ${vendorName}. Please upload the CSV with vendor links.`;
}

/** The first card and selected vendor without a link, as the message to show; null when every one has a link. */
export function findMissingLink(
  cards: readonly CardRef[],
  selectedVendors: readonly string[],
  allVendorLinks: VendorLinksPerCard,
  vendorNames: Readonly<Record<string, string>>,
): string | null {
  for (const card of cards) {
    for (const vendorId of selectedVendors) {
      if (vendorLinkFor(allVendorLinks, card.id, vendorId) === null)
        return missingLinkMessage(card.label, ownEntry(vendorNames, vendorId) ?? vendorId);
    }
  }
  return null;
}
