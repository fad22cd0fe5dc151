import { findClient } from '../clients';
import type { SendBodyInput } from '../contracts/send';
import { DEFAULT_PRICING_MODEL } from '../contracts/vendor-terms';
import type { Vendor } from '../contracts/vendors';
import { declaredImageType } from '../file-kinds';
import { ownEntry } from '../own-entry';
import type { CostValues } from '../rules/pricing';
import { vendorLinkFor } from '../rules/vendor-links';
import type { ComposeContext, ComposeInput } from './compose-input';

/** The settings saved per vendor on the Vendors screen. A vendor without a split has the default one. */
export interface VendorSettings {
  /** vendorId -> 'A/B'. */
  splits: Readonly<Record<string, string>>;
  costs: Readonly<Record<string, CostValues>>;
}

const blankAsNull = (value: string | null | undefined) => (value == null || value === '' ? null : value);

/**
 * What the composer needs to draw one vendor's email of a send: the one mapping from a send body to the composer,
 * used by the send page's preview (with the body it would post) and by the server (with the body it parsed).
 * Values are read as the contract reads them (blank as absent, links and types trimmed), so both give the same input.
 * Without a vendor (none selected yet) the vendor's parts are blank.
 */
export function composeInputFromSend(
  body: SendBodyInput,
  vendor: Vendor | undefined,
  settings: VendorSettings,
  context: ComposeContext,
): ComposeInput {
  const links = body.allVendorLinks ?? {};
  const vendorId = vendor?.vendorId ?? '';
  const client = findClient(blankAsNull(body.selectedClient));
  const cardBasics = (card: { id: string; senderName?: string | null; endDate?: string | null }) => ({
    id: card.id,
    senderName: card.senderName ?? null,
    endDate: card.endDate ?? null,
    link: vendorLinkFor(links, card.id, vendorId),
  });
  return {
    send: {
      client: client ? { slug: client.slug, displayName: client.displayName } : null,
      pricingModel: body.pricingModel ?? DEFAULT_PRICING_MODEL,
      emailCards: (body.emailCards ?? []).map((card) => ({
        ...cardBasics(card),
        subject: card.subject ?? null,
        filename: blankAsNull(card.filename),
        htmlContent: blankAsNull(card.htmlContent),
      })),
      textCards: (body.textCards ?? []).map((card) => ({
        ...cardBasics(card),
        content: card.content ?? null,
        fileName: blankAsNull(card.fileName),
        fileContent: blankAsNull(card.fileContent),
        contentType: declaredImageType(body.imageAttachments, card.fileName),
      })),
    },
    vendor: {
      name: vendor?.name ?? '',
      emails: vendor?.emails ?? [],
      emailProspectingKey: vendor?.emailProspectingKey ?? null,
      textProspectingKey: vendor?.textProspectingKey ?? null,
      split: vendor ? ownEntry(settings.splits, vendorId) : undefined,
      costs: vendor ? ownEntry(settings.costs, vendorId) : undefined,
    },
    context,
  };
}
