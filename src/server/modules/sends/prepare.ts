import { findClient } from '#shared/clients';
import {
  MAX_ATTACHMENT_BYTES_PER_MESSAGE,
  MAX_HTML_OR_CSV_BYTES,
  MAX_IMAGE_BYTES,
  type SendBody,
} from '#shared/contracts/send';
import { composeVendorEmail, type ComposedEmail, type ComposeInput } from '#shared/email/compose';
import { composeInputFromSend } from '#shared/email/compose-input-from-send';
import { base64ByteLength, utf8ByteLength } from '#shared/email/format';
import { vendorTerms, type CostValues } from '#shared/rules/pricing';
import type { DeliveryTerms } from '#shared/contracts/sends';
import { findMissingLink, findMissingRequirements, labelCards, pleaseCompleteMessage } from '#shared/rules/validation';
import type { Vendor } from '#shared/contracts/vendors';
import type { Clock } from '#server/clock';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { AppError, badRequest } from '#server/errors';
import type { MessageAttachment } from '#server/mail/message';
import * as approvals from '../approval-emails';
import * as settings from '../vendor-settings';
import * as vendorRepo from '../vendors';
import { loadSender, type Sender } from '#server/mail/sender';

/** Gmail's limit on To + CC of one message, applied whatever the transport. */
export const MAX_RECIPIENTS_PER_MESSAGE = 100;

const MB = 1024 * 1024;
const tooLarge = (message: string) => new AppError(413, message);
const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

export interface PrepareDeps {
  db: Db;
  clock: Clock;
  config: Config;
}

export interface VendorMessage {
  vendor: Vendor;
  /** What the composer drew the message from. */
  input: ComposeInput;
  composed: ComposedEmail;
  /** The vendor's terms and keys as this message carries them, kept with its delivery. */
  terms: DeliveryTerms;
  attachments: MessageAttachment[];
}

export interface PreparedSend {
  sender: Sender;
  client: { slug: string; displayName: string } | null;
  approvalEmails: string[];
  messages: VendorMessage[];
  now: Date;
}

/** 413 for any file over its limit (#shared/contracts/limits, per HTML or CSV file and per image), before anything else. */
export function checkFileSizes(body: SendBody): void {
  body.emailCards.forEach((card, i) => {
    const name = card.filename ?? `of Email ${i + 1}`;
    if (utf8ByteLength(card.htmlContent) > MAX_HTML_OR_CSV_BYTES) {
      throw tooLarge(
        `The HTML file ${name} is too large: HTML and CSV files may be at most ${MAX_HTML_OR_CSV_BYTES / MB} MB each.`,
      );
    }
  });
  [...body.emailCards, ...body.textCards].forEach((card) => {
    if (card.csvContent && utf8ByteLength(card.csvContent) > MAX_HTML_OR_CSV_BYTES) {
      throw tooLarge(
        `The CSV file ${card.csvFileName ?? ''}`.trimEnd() +
          ` is too large: HTML and CSV files may be at most ${MAX_HTML_OR_CSV_BYTES / MB} MB each.`,
      );
    }
  });
  const images = [
    ...body.textCards.flatMap((card, i) =>
      card.fileContent ? [{ name: card.fileName ?? `of Text ${i + 1}`, content: card.fileContent }] : [],
    ),
    ...body.imageAttachments.map((image) => ({ name: image.filename, content: image.content })),
  ];
  for (const image of images) {
    if (base64ByteLength(image.content) > MAX_IMAGE_BYTES) {
      throw tooLarge(`The image ${image.name} is too large: images may be at most ${MAX_IMAGE_BYTES / MB} MB each.`);
    }
  }
  // Every message carries each email card's HTML and each text card's image (composeAttachments).
  const attachmentBytes =
    body.emailCards.reduce((sum, card) => sum + utf8ByteLength(card.htmlContent), 0) +
    body.textCards.reduce((sum, card) => sum + (card.fileContent ? base64ByteLength(card.fileContent) : 0), 0);
  if (attachmentBytes > MAX_ATTACHMENT_BYTES_PER_MESSAGE) {
    throw tooLarge(
      `The attachments come to ${megabytes(attachmentBytes)}; one message may carry at most ${MAX_ATTACHMENT_BYTES_PER_MESSAGE / MB} MB of attachments.`,
    );
  }
}

/** The attachments' bytes in the composer's order (each email card's HTML, each text card's image): one copy for all vendors. */
function attachmentBuffers(body: SendBody): Buffer[] {
  return [
    ...body.emailCards.filter((card) => card.htmlContent).map((card) => Buffer.from(card.htmlContent, 'utf8')),
    ...body.textCards.filter((card) => card.fileContent).map((card) => Buffer.from(card.fileContent!, 'base64')),
  ];
}

/** The attachments under the composer's names and types. */
function attachmentContents(contents: Buffer[], composed: ComposedEmail): MessageAttachment[] {
  if (contents.length !== composed.attachments.length) throw new Error('attachments do not match the composer');
  return composed.attachments.map((attachment, i) => ({
    filename: attachment.filename,
    contentType: attachment.contentType,
    content: contents[i]!,
  }));
}

/**
 * Checks a send against the same shared rules as the send page, with the vendors, splits, costs and approval
 * addresses read from the database, and composes each vendor's message with the preview's composer.
 * Throws 400 with `missing` (what to complete), 400 for a missing link, 413 for sizes. `isDraft` composes what is
 * there without refusing what is missing, as the send page's preview does (placeholders instead).
 */
export async function prepareSend(
  deps: PrepareDeps,
  userId: number,
  body: SendBody,
  {
    isDraft = false,
    vendorPageFor = () => null,
  }: {
    isDraft?: boolean;
    /** Each vendor's personal page link, a placeholder, or null to leave it out (issue 14). */
    vendorPageFor?: (vendorId: string) => string | null;
  } = {},
): Promise<PreparedSend> {
  checkFileSizes(body);
  const { db, clock, config } = deps;
  const [allVendors, splitRows, costRows, approvalRows] = await Promise.all([
    vendorRepo.listVendors(db),
    settings.listSplits(db),
    settings.listCosts(db),
    approvals.listApprovalEmails(db),
  ]);
  const vendorsById = new Map(allVendors.map((vendor) => [vendor.vendorId, vendor]));
  const splits = Object.fromEntries(splitRows.map((row) => [row.vendorId, row.splitRatio]));
  const costs: Record<string, CostValues> = Object.fromEntries(
    costRows.map(({ vendorId, ...figures }) => [vendorId, figures]),
  );

  const missing = findMissingRequirements({ ...body, vendors: allVendors, splits, costs });
  const unknown = body.selectedVendors.filter((vendorId) => !vendorsById.has(vendorId));
  if (unknown.length > 0) {
    throw badRequest(`These vendors no longer exist: ${unknown.join(', ')}. Please select vendors again.`, {
      unknownVendors: unknown,
    });
  }
  for (const vendorId of body.selectedVendors) {
    const vendor = vendorsById.get(vendorId)!;
    if (vendor.emails.length === 0) missing.push(`Email address for ${vendor.name}`);
  }
  if (missing.length > 0 && !isDraft) throw badRequest(pleaseCompleteMessage(missing), { missing });

  const vendorNames = Object.fromEntries(allVendors.map((vendor) => [vendor.vendorId, vendor.name]));
  const missingLink = findMissingLink(
    labelCards(body.emailCards, body.textCards),
    body.selectedVendors,
    body.allVendorLinks,
    vendorNames,
  );
  if (missingLink && !isDraft) throw badRequest(missingLink);

  const client = findClient(body.selectedClient);
  if (body.selectedClient && !client)
    throw badRequest(`selectedClient is not one of the clients: ${body.selectedClient}`, { field: 'selectedClient' });

  const sender = await loadSender(deps, userId);
  const approvalEmails = approvalRows.map((row) => row.email);
  const now = clock.now();
  const contents = attachmentBuffers(body);

  const messages = body.selectedVendors.map((vendorId): VendorMessage => {
    const vendor = vendorsById.get(vendorId)!;
    const input = composeInputFromSend(
      body,
      vendor,
      { splits, costs },
      {
        now,
        senderEmail: sender.email,
        senderFirstName: sender.firstName,
        approvalEmails,
        hubPassword: config.hubPassword,
      },
    );
    const composed = composeVendorEmail({ ...input, vendorPage: vendorPageFor(vendorId) });
    const recipients = composed.to.length + composed.cc.length;
    if (recipients > MAX_RECIPIENTS_PER_MESSAGE) {
      throw badRequest(
        `The message to ${vendor.name} would have ${recipients} recipients (To and CC); one message may have at most ${MAX_RECIPIENTS_PER_MESSAGE}. Remove addresses before sending.`,
      );
    }
    const terms: DeliveryTerms = {
      pricingModel: input.send.pricingModel,
      items: vendorTerms(input.send.pricingModel, input.vendor.split, input.vendor.costs).items,
      emailProspectingKey: input.vendor.emailProspectingKey,
      textProspectingKey: input.vendor.textProspectingKey,
    };
    return { vendor, input, composed, terms, attachments: attachmentContents(contents, composed) };
  });

  return {
    sender,
    client: client ? { slug: client.slug, displayName: client.displayName } : null,
    approvalEmails,
    messages,
    now,
  };
}
