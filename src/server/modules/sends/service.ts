import { createHash } from 'node:crypto';
import type { SendBody, SendResult } from '#shared/contracts/send';
import type { Clock } from '#server/clock';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { isUniqueViolation } from '#server/db/errors';
import { AppError } from '#server/errors';
import type { DeliveryWorker } from '#server/mail/deliveries';
import type { MailTransport } from '#server/mail/transport';
import { FileStoreUnavailableError, type FileStorage } from '#server/storage/storage';
import * as repo from './repository';
import { prepareSend } from './prepare';
import { storeUploads, UploadBatch } from './uploads';
import { attachmentKeysOf, storeVendorMessages, vendorPageLinks } from './vendor-messages';

export interface SendDeps {
  db: Db;
  clock: Clock;
  config: Config;
  storage: FileStorage;
  transport: MailTransport;
  deliveries: DeliveryWorker;
  trackDeliveries: repo.TrackDeliveries;
}

function hashBody(body: SendBody): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

async function replay(
  deps: SendDeps,
  sendId: number,
  requestHash: string | null,
  hash: string,
): Promise<SendResult & { isReplay: true }> {
  if (requestHash !== hash) {
    throw new AppError(
      422,
      'This Idempotency-Key was already used for a different send. Use a new key for a new send.',
    );
  }
  return { id: sendId, ...(await deps.deliveries.counts(sendId)), isReplay: true };
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
  let sendId: number;
  let messageBytes: ReadonlyMap<string, readonly Buffer[]>;
  try {
    const cardDetails = await storeUploads(batch, body);
    const stored = await storeVendorMessages(deps, batch, prepared, userId, pages.links, attachmentKeysOf(cardDetails));
    const subject = prepared.messages[0]?.composed.subject;
    const subjects = [
      ...new Set(
        [subject, ...body.emailCards.map((card) => card.subject.trim())].filter((text): text is string => !!text),
      ),
    ];
    sendId = await repo.insertSend(
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
      stored.rows,
      deps.trackDeliveries,
    );
    messageBytes = stored.bytes;
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
  deliveries.keep(messageBytes);
  deliveries.wake();
  // The send is written: from here on it is accepted, even if the database goes away before its first attempts are counted.
  const counts = await deliveries
    .waitForFirstAttempts(sendId)
    .catch(() => ({ mailed: 0, pending: prepared.messages.length, failed: 0, uncertain: 0 }));
  return { id: sendId, ...counts, isReplay: false };
}
