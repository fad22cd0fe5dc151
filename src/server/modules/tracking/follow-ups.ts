import type { FollowUpKind } from '#shared/contracts/sends';
import { composeFollowUp, followUpReplyTo, type FollowUpBody } from '#shared/email/follow-up';
import type { Db } from '#server/db/client';
import type { emailDeliveries, storedFiles } from '#server/db/schema';
import type { DeliveryWorker } from '#server/mail/deliveries';
import { buildRawMessage, newMessageId } from '#server/mail/message';
import { dueNow, storedMessageFile } from '#server/mail/queued-message';
import { newFileKey, type FileStorage } from '#server/storage/storage';
import type { Tx } from '#server/db/client';
import { findFollowUpOriginal, findFollowUpWriter, insertFollowUp } from './follow-ups-repository';

/**
 * Follow-ups: a second message to a vendor in the thread of its message of a send (the team's answer to a seed test,
 * a reminder). A follow-up is a row of the delivery queue like the send's own messages (kind 'review' or 'reminder',
 * `reply_to_delivery_id` the original), so the same worker claims, heartbeats, retries and records it through the same
 * transport. It is keyed: (original, key) is unique, so queueing the same follow-up twice, from two clicks or two
 * instances, makes one message.
 */

export type { Tx };

export interface FollowUpDeps {
  db: Db;
  storage: FileStorage;
  /** PUBLIC_URL, for the Message-ID's host. */
  publicUrl: string;
  /** The queue: new rows are due on its clock, with its allowance of attempts, and it is woken once they are written. */
  deliveries: Pick<DeliveryWorker, 'wake' | 'now' | 'options'>;
}

export interface FollowUpRequest {
  /** The vendor's message of the send this follow-up answers (an email_deliveries id of kind 'send'). */
  originalDeliveryId: number;
  kind: FollowUpKind;
  /**
   * Unique per original: a follow-up with a key already used is not queued again (e.g. 'reminder:unacknowledged',
   * 'review:<audit id>'). At most 200 characters.
   */
  key: string;
  body: FollowUpBody;
  /**
   * The person who wrote it: their first name signs it, their address is its Reply-To (with the approval addresses),
   * and they own its stored file. Null for the system (reminders), which speaks for the original sender.
   */
  byUserId: number | null;
}

export interface QueuedFollowUp {
  deliveryId: number;
  messageId: string;
  subject: string;
}

interface PreparedFollowUp {
  row: typeof emailDeliveries.$inferInsert;
  file: typeof storedFiles.$inferInsert;
  subject: string;
}

/**
 * Composes the follow-up and stores its exact bytes in the file store (before any transaction, as a send's messages
 * are): From the original's From (the address the transport sends as, in the vendor's thread), To the vendor's
 * addresses, signed by and Reply-To the person who wrote it (the sender for a reminder) and the approval addresses
 * (decision 0023), subject 'Re: <original subject>', In-Reply-To and References the original's Message-ID.
 */
async function prepareFollowUp(deps: FollowUpDeps, request: FollowUpRequest): Promise<PreparedFollowUp> {
  if (request.key.length === 0 || request.key.length > 200) throw new Error('a follow-up key is 1 to 200 characters');
  const original = await findFollowUpOriginal(deps.db, request.originalDeliveryId);
  if (!original) throw new Error(`no message of a send with delivery id ${request.originalDeliveryId}`);
  const { delivery } = original;
  if (!original.content) throw new Error(`delivery ${delivery.id} has no tracking row, so no subject to reply to`);
  const now = deps.deliveries.now();
  const isOwnAddress = original.senderEmail?.toLowerCase() === delivery.fromAddress.toLowerCase();
  const writer = request.byUserId === null ? undefined : await findFollowUpWriter(deps.db, request.byUserId);
  if (request.byUserId !== null && !writer) throw new Error(`no user with id ${request.byUserId} to sign a follow-up`);
  const signer = writer ?? {
    email: original.senderEmail ?? delivery.fromAddress,
    firstName: original.senderFirstName ?? '',
  };
  const composed = composeFollowUp(
    { originalSubject: original.content.subject, vendorName: delivery.vendorName, signerFirstName: signer.firstName },
    request.body,
  );
  const messageId = newMessageId(deps.publicUrl);
  const raw = await buildRawMessage({
    from: { name: isOwnAddress ? (original.senderFirstName ?? undefined) : undefined, address: delivery.fromAddress },
    to: delivery.toAddresses,
    replyTo: followUpReplyTo(signer.email, delivery.ccAddresses),
    subject: composed.subject,
    html: composed.html,
    text: composed.text,
    messageId,
    date: now,
    inReplyTo: delivery.messageId,
    references: [delivery.messageId],
  });
  const key = newFileKey();
  const fileName = `${delivery.vendorId}-${request.kind}.eml`;
  await deps.storage.put(key, raw, 'message/rfc822');
  return {
    subject: composed.subject,
    file: storedMessageFile(key, fileName, raw, request.byUserId, now),
    row: {
      sendId: delivery.sendId,
      vendorId: delivery.vendorId,
      vendorName: delivery.vendorName,
      senderUserId: delivery.senderUserId,
      fromAddress: delivery.fromAddress,
      toAddresses: delivery.toAddresses,
      ccAddresses: [],
      messageId,
      emlKey: key,
      storeId: await deps.storage.identity(),
      kind: request.kind,
      replyToDeliveryId: delivery.id,
      followUpKey: request.key,
      ...dueNow(deps.deliveries.options.maxAttempts, now),
    },
  };
}

/**
 * Queues a follow-up inside a transaction of the caller's: `within(tx, enqueue)` runs in it, so a state change and its
 * audit entry commit with the queued message or not at all. `enqueue()` writes the row and answers the queued
 * follow-up, or null when one with this key was already queued (nothing is written then). The message is composed and
 * stored before the transaction opens; when `within` throws, never enqueues, or the key was taken, the stored bytes are
 * deleted again. The worker is woken after the commit.
 *
 * Example (the team's answer to a seed test, src/server/modules/tracking/service.ts):
 *   withFollowUp(deps, { originalDeliveryId, kind: 'review', key, body, byUserId }, async (tx, enqueue) => {
 *     // lock and change the tracking row, write the audit entry ...
 *     const queued = await enqueue();
 *   });
 */
export async function withFollowUp<T>(
  deps: FollowUpDeps,
  request: FollowUpRequest,
  within: (tx: Tx, enqueue: () => Promise<QueuedFollowUp | null>) => Promise<T>,
): Promise<T> {
  const prepared = await prepareFollowUp(deps, request);
  const state: { queued: QueuedFollowUp | null } = { queued: null };
  let result: T;
  try {
    result = await deps.db.transaction(async (tx) => {
      state.queued = null;
      const enqueue = async (): Promise<QueuedFollowUp | null> => {
        if (state.queued) return state.queued;
        const id = await insertFollowUp(tx, prepared.row, prepared.file);
        if (id === null) return null;
        state.queued = { deliveryId: id, messageId: prepared.row.messageId, subject: prepared.subject };
        return state.queued;
      };
      return within(tx, enqueue);
    });
  } catch (error) {
    await deps.storage.delete(prepared.file.key).catch(() => {});
    throw error;
  }
  if (state.queued) deps.deliveries.wake();
  else await deps.storage.delete(prepared.file.key).catch(() => {});
  return result;
}

/**
 * Queues one follow-up on its own; `alongside(tx, queued)` (optional) runs in the same transaction only when it was
 * queued (e.g. noting 'Reminded' with its audit entry). Answers null when a follow-up with this key was queued before:
 * the way to send something once across instances.
 */
export function queueFollowUp(
  deps: FollowUpDeps,
  request: FollowUpRequest,
  alongside?: (tx: Tx, queued: QueuedFollowUp) => Promise<void>,
): Promise<QueuedFollowUp | null> {
  return withFollowUp(deps, request, async (tx, enqueue) => {
    const queued = await enqueue();
    if (queued && alongside) await alongside(tx, queued);
    return queued;
  });
}
