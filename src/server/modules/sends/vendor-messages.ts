import type { Clock } from '#server/clock';
import type { Config } from '#server/config';
import type { DeliveryWorker } from '#server/mail/deliveries';
import { createMessageBuilder, newMessageId, type MessageParts } from '#server/mail/message';
import type { FileStorage } from '#server/storage/storage';
import { vendorDeliveryContent } from '#shared/email/delivery-content';
import { newVendorLink, type VendorLink } from './vendor-link';
import * as repo from './repository';
import type { PreparedSend, VendorMessage } from './prepare';
import { CONTENT_TYPES, UploadBatch } from './uploads';

/** What writing the vendors' messages needs of a send's dependencies (SendDeps in service.ts has them all). */
export interface VendorMessageDeps {
  config: Config;
  storage: FileStorage;
  deliveries: DeliveryWorker;
}

/**
 * Composing the next vendor's message while the last ones are written to the store. A message holds its attachments'
 * encoded bytes as pieces shared with the others (createMessageBuilder), so what it holds of its own is small.
 */
const MESSAGES_IN_WRITING = 8;

/** The vendors' queued deliveries, and each stored message's bytes by key (the worker's first attempt sends these). */
export interface StoredVendorMessages {
  rows: repo.TrackedDeliveryInsert[];
  bytes: Map<string, readonly Buffer[]>;
}

export function messageParts(prepared: PreparedSend, message: VendorMessage, messageId: string): MessageParts {
  const { composed, attachments } = message;
  return {
    from: prepared.sender.from,
    to: composed.to,
    cc: composed.cc,
    replyTo: composed.replyTo,
    subject: composed.subject,
    html: composed.html,
    text: composed.text,
    attachments,
    messageId,
    date: prepared.now,
  };
}

/**
 * Each vendor's personal page link (issue 14), made as its message is composed, since the message carries it; none
 * when VENDOR_LINKS=off. `links` holds what was made, for the tracking rows.
 */
export function vendorPageLinks(deps: Pick<VendorMessageDeps, 'config'> & { clock: Clock }) {
  const links = new Map<string, VendorLink>();
  const vendorPageFor = (vendorId: string) => {
    if (!deps.config.vendorLinks) return null;
    const link = newVendorLink(deps.config.publicUrl, deps.clock.now());
    links.set(vendorId, link);
    return link.url;
  };
  return { links, vendorPageFor };
}

/** The stored files of a message's attachments, in the composer's order: each email card's HTML, then each text card's image. */
export function attachmentKeysOf(cards: {
  emailCards: { htmlFileKey: string | null }[];
  textCards: { imageFileKey: string | null }[];
}): string[] {
  return [
    ...cards.emailCards.map((card) => card.htmlFileKey),
    ...cards.textCards.map((card) => card.imageFileKey),
  ].filter((key): key is string => key !== null);
}

/**
 * Builds and stores each vendor's exact raw message and returns its queued delivery, terms included, with its tracking
 * row (the link made for it, what its page shows): the one way a message enters the queue, for a send and for vendors
 * added to it later. Once the rows are committed, the caller hands `bytes` to the worker (DeliveryWorker.keep).
 */
export async function storeVendorMessages(
  deps: VendorMessageDeps,
  batch: UploadBatch,
  prepared: PreparedSend,
  userId: number,
  links: ReadonlyMap<string, VendorLink>,
  attachmentKeys: readonly string[],
): Promise<StoredVendorMessages> {
  const rows: repo.TrackedDeliveryInsert[] = [];
  const bytes = new Map<string, readonly Buffer[]>();
  const storeId = await deps.storage.identity();
  const build = createMessageBuilder();
  // Messages being written to the store while the next ones are composed: at most MESSAGES_IN_WRITING at once.
  const writing = new Set<Promise<unknown>>();
  try {
    for (const message of prepared.messages) {
      const messageId = newMessageId(deps.config.publicUrl);
      const raw = await build(messageParts(prepared, message, messageId));
      const row: repo.TrackedDeliveryInsert = {
        vendorId: message.vendor.vendorId,
        vendorName: message.vendor.name,
        senderUserId: userId,
        fromAddress: prepared.sender.from.address,
        toAddresses: message.composed.to,
        ccAddresses: message.composed.cc,
        messageId,
        emlKey: '',
        storeId,
        terms: message.terms,
        status: 'pending',
        attempts: 0,
        maxAttempts: deps.deliveries.options.maxAttempts,
        nextAttemptAt: deliveryNow(deps),
        createdAt: prepared.now,
        updatedAt: prepared.now,
        tracking: {
          vendorId: message.vendor.vendorId,
          content: vendorDeliveryContent(message.input, message.composed),
          attachmentKeys: [...attachmentKeys],
          tokenHash: links.get(message.vendor.vendorId)?.tokenHash ?? null,
          linkExpiresAt: links.get(message.vendor.vendorId)?.expiresAt ?? null,
          createdAt: prepared.now,
          updatedAt: prepared.now,
        },
      };
      rows.push(row);
      const written: Promise<unknown> = batch
        .store('eml', `${message.vendor.vendorId}.eml`, CONTENT_TYPES.eml, raw, false)
        .then((key) => {
          row.emlKey = key;
          bytes.set(key, raw);
          writing.delete(written);
        });
      // Handled at once (a failed write must not count as unhandled while the next message is composed); the race
      // below and Promise.all still see its failure.
      written.catch(() => {});
      writing.add(written);
      if (writing.size >= MESSAGES_IN_WRITING) await Promise.race(writing);
    }
    await Promise.all(writing);
  } catch (error) {
    // Every write has ended before the caller discards the batch's files.
    await Promise.allSettled(writing);
    throw error;
  }
  return { rows, bytes };
}

/** Deliveries are timed on the worker's clock (tests may run it apart from the app's). */
function deliveryNow(deps: VendorMessageDeps): Date {
  return deps.deliveries.now();
}
