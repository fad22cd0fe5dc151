import { createHash } from 'node:crypto';
import type { DirectSendResult, SendBody, SendResult } from '#shared/contracts/send';
import type { Clock } from '#server/clock';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { isUniqueViolation } from '#server/db/errors';
import { AppError } from '#server/errors';
import type { DeliveryWorker } from '#server/mail/deliveries';
import { buildRawMessage, createMessageBuilder, newMessageId, type MessageParts } from '#server/mail/message';
import { MailSendError, type MailTransport } from '#server/mail/transport';
import { FileStoreUnavailableError, type FileStorage } from '#server/storage/storage';
import { PLACEHOLDERS } from '#shared/email/compose';
import { vendorDeliveryContent } from '#shared/email/delivery-content';
import { newVendorLink, type VendorLink } from '../tracking/links';
import * as repo from './repository';
import { googleAuthRequired, prepareSend, type PreparedSend, type VendorMessage } from './prepare';
import { CONTENT_TYPES, storeUploads, UploadBatch } from './uploads';

export interface SendDeps {
  db: Db;
  clock: Clock;
  config: Config;
  storage: FileStorage;
  transport: MailTransport;
  deliveries: DeliveryWorker;
}

export const PROOF_SUBJECT_PREFIX = '[PROOF] ';

/** Composing the next vendor's message while the last ones are written to the store: a few, for memory's sake. */
const MESSAGES_IN_WRITING = 4;

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

function hashBody(body: SendBody): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

async function replay(
  deps: SendDeps,
  logId: number,
  requestHash: string | null,
  hash: string,
): Promise<SendResult & { isReplay: true }> {
  if (requestHash !== hash) {
    throw new AppError(
      422,
      'This Idempotency-Key was already used for a different send. Use a new key for a new send.',
    );
  }
  return { id: logId, ...(await deps.deliveries.counts(logId)), isReplay: true };
}

/**
 * The consolidated send: validate and compose, store the files and each vendor's exact raw message, write the send,
 * its log entry and one delivery per vendor in one transaction, then let the queue deliver. A repeat with the same
 * Idempotency-Key by the same user returns the first send's result and mails nobody again.
 */
export async function sendConsolidated(
  deps: SendDeps,
  userId: number,
  body: SendBody,
  idempotencyKey: string | undefined,
): Promise<SendResult & { isReplay: boolean }> {
  const { db, storage, deliveries } = deps;
  const hash = hashBody(body);
  if (idempotencyKey) {
    const existing = await repo.findSendByIdempotencyKey(db, userId, idempotencyKey);
    if (existing) return replay(deps, existing.id, existing.requestHash, hash);
  }

  const pages = vendorPageLinks(deps);
  const prepared = await prepareSend(deps, userId, body, { vendorPageFor: pages.vendorPageFor });
  const { now } = prepared;
  const batch = new UploadBatch(storage, userId, now);
  let logId: number;
  try {
    const cardDetails = await storeUploads(batch, body);
    const deliveryRows = await storeVendorMessages(
      deps,
      batch,
      prepared,
      userId,
      pages.links,
      attachmentKeysOf(cardDetails),
    );
    const subject = prepared.messages[0]?.composed.subject;
    const subjects = [
      ...new Set(
        [subject, ...body.emailCards.map((card) => card.subject.trim())].filter((text): text is string => !!text),
      ),
    ];
    logId = await repo.insertSend(
      db,
      {
        userId,
        senderEmail: prepared.sender.email,
        idempotencyKey: idempotencyKey ?? null,
        requestHash: hash,
        sentAt: now,
        clientSlug: prepared.client?.slug ?? null,
        clientName: prepared.client?.displayName ?? null,
        pricingModel: body.pricingModel,
        remindersEnabled: body.sendReminders,
        vendors: prepared.messages.map((message) => message.vendor.name),
        approvalEmails: prepared.messages[0]?.composed.cc ?? [],
        emailCardCount: body.emailCards.length,
        textCardCount: body.textCards.length,
        cardDetails,
        subjects,
      },
      batch.files,
      deliveryRows,
    );
  } catch (error) {
    await batch.discard();
    if (idempotencyKey && isUniqueViolation(error)) {
      // The same send arrived twice at once and the other one was written first: answer with its result.
      const existing = await repo.findSendByIdempotencyKey(db, userId, idempotencyKey);
      if (existing) return replay(deps, existing.id, existing.requestHash, hash);
    }
    // The send is written only after every file and message is stored: a store that fails leaves nothing behind.
    if (error instanceof FileStoreUnavailableError) throw error.withConsequence('Nothing was sent.');
    throw error;
  }
  deliveries.wake();
  // The send is written: from here on it is accepted, even if the database goes away before its first attempts are counted.
  const counts = await deliveries
    .waitForFirstAttempts(logId)
    .catch(() => ({ mailed: 0, pending: prepared.messages.length, failed: 0, uncertain: 0 }));
  return { id: logId, ...counts, isReplay: false };
}

/**
 * Each vendor's personal page link (issue 14), made as its message is composed, since the message carries it; none
 * when VENDOR_LINKS=off. `links` holds what was made, for the tracking rows.
 */
export function vendorPageLinks(deps: Pick<SendDeps, 'config' | 'clock'>) {
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
 * added to it later.
 */
export async function storeVendorMessages(
  deps: SendDeps,
  batch: UploadBatch,
  prepared: PreparedSend,
  userId: number,
  links: ReadonlyMap<string, VendorLink>,
  attachmentKeys: readonly string[],
): Promise<repo.TrackedDeliveryInsert[]> {
  const rows: repo.TrackedDeliveryInsert[] = [];
  const storeId = await deps.storage.identity();
  const build = createMessageBuilder();
  // Messages being written to the store while the next ones are composed: at most MESSAGES_IN_WRITING raw messages
  // are held in memory at once, however many vendors.
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
  return rows;
}

/** Deliveries are timed on the worker's clock (tests may run it apart from the app's). */
function deliveryNow(deps: SendDeps): Date {
  return deps.deliveries.now();
}

/** Sends one message now, outside the queue (proofs, the email test page), mapping failures to clear answers. */
export async function sendNow(
  transport: MailTransport,
  userId: number,
  from: string,
  to: string[],
  raw: Buffer,
  messageId: string,
  what: string,
): Promise<DirectSendResult> {
  try {
    const outcome = await transport.send({ raw, from, to, cc: [], senderUserId: userId });
    if (outcome.status === 'uncertain') {
      return { status: 'uncertain', messageId, message: `The ${what} may or may not have been sent: ${outcome.error}` };
    }
    return { status: 'sent', messageId };
  } catch (error) {
    if (error instanceof AppError && error.extra.requiresGoogleAuth === true) throw googleAuthRequired();
    if (error instanceof MailSendError) throw new AppError(502, `The ${what} could not be sent: ${error.message}`);
    throw error;
  }
}

/**
 * 'Send me a proof': the exact message one vendor would receive (same body, attachments, From and Reply-To), with
 * '[PROOF] ' before the subject, To the sending user only and no CC. Not logged, no vendor mailed.
 */
export async function sendProof(deps: SendDeps, userId: number, vendorId: string, body: SendBody) {
  // A proof is not a deployment: it shows where the vendor's link will be, without making one.
  const placeholder = () => (deps.config.vendorLinks ? PLACEHOLDERS.vendorPage : null);
  const prepared = await prepareSend(
    deps,
    userId,
    { ...body, selectedVendors: [vendorId] },
    { vendorPageFor: placeholder },
  );
  const message = prepared.messages[0]!;
  const messageId = newMessageId(deps.config.publicUrl);
  const parts = messageParts(prepared, message, messageId);
  const raw = await buildRawMessage({
    ...parts,
    to: [prepared.sender.email],
    cc: [],
    subject: `${PROOF_SUBJECT_PREFIX}${parts.subject}`,
  });
  const result = await sendNow(
    deps.transport,
    userId,
    prepared.sender.from.address,
    [prepared.sender.email],
    raw,
    messageId,
    'proof',
  );
  return { ...result, to: prepared.sender.email, vendorId };
}
