import { ownEntry } from '../own-entry';

/** card id -> vendorId -> link, as the send body carries it (`allVendorLinks`). */
export type VendorLinksPerCard = Readonly<Record<string, Readonly<Record<string, string>> | undefined>>;

/** One vendor's link for one card, trimmed; null when there is none or it is blank. */
export function vendorLinkFor(links: VendorLinksPerCard, cardId: string, vendorId: string): string | null {
  return ownEntry(ownEntry(links, cardId), vendorId)?.trim() || null;
}
