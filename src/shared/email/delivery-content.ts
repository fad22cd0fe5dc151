import type { VendorDeliveryContent } from '../contracts/tracking';
import { vendorTerms } from '../rules/pricing';
import { cardSections, type ComposedEmail } from './compose';
import type { ComposeInput } from './compose-input';

/**
 * What one vendor's message told it, as its vendor page shows it: the same terms and card sections (its own links and
 * hub keys) the composer drew, and the attachments' names. Kept with the delivery at send time. Pure.
 */
export function vendorDeliveryContent(input: ComposeInput, composed: ComposedEmail): VendorDeliveryContent {
  const { send, vendor, context } = input;
  const terms = vendorTerms(send.pricingModel, vendor.split, vendor.costs);
  return {
    vendorName: vendor.name,
    clientName: send.client?.displayName ?? null,
    subject: composed.subject,
    pricingModel: send.pricingModel,
    terms: { label: terms.label, items: terms.items },
    split: vendor.split ?? null,
    costs: vendor.costs
      ? Object.fromEntries(Object.entries(vendor.costs).map(([field, value]) => [field, value ?? null]))
      : null,
    cards: cardSections(send, vendor).map((section) => ({
      title: section.title,
      rows: section.rows.map((row) => ({ label: row.label, value: row.value, isLink: row.isLink === true })),
    })),
    attachments: composed.attachments.map((attachment) => ({
      fileName: attachment.filename,
      contentType: attachment.contentType,
      size: attachment.size,
    })),
    approvalEmails: [...context.approvalEmails],
  };
}
