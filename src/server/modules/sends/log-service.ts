import type {
  DeliveryStatus,
  DeliveryTerms,
  SendDelivery,
  SendEntry,
  RetryFailedResult,
  SendAgainResult,
} from '#shared/contracts/sends';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { AppError, conflict, notFound } from '#server/errors';
import type { DeliveryWorker } from '#server/mail/deliveries';
import type { FileStorage } from '#server/storage/storage';
import type { PricingModel } from '#shared/contracts/vendors';
import { expectedSpend, totalSpend, type SpendTotal } from '#shared/rules/spend';
import { recordAudit } from '../audit';
import * as repo from './log-repository';
import type { OwedOfSends, SendsOwed } from './owed';
import { checkSenderOrAdmin, type Actor } from './sender-or-admin';
import { trackingStateOf, type TrackingStateFields } from './tracking-state';

export interface SendLogDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  deliveries: DeliveryWorker;
  owedOfSends: OwedOfSends;
}

/** A claimed message ('sending') is still 'pending' to the people watching. */
const publicStatus = (status: string): DeliveryStatus =>
  status === 'sending' ? 'pending' : (status as DeliveryStatus);

type DeliveryFields = {
  vendorId: string;
  vendorName: string;
  status: string;
  lastError: string | null;
  attempts: number;
  sentAt: Date | null;
  nextAttemptAt: Date;
  terms: DeliveryTerms | null;
  addedAt: Date | null;
  addedByEmail: string | null;
  tracking?: TrackingStateFields | null;
  /** The terms kept with the tracking (its content's pricing model and costs). */
  trackingPricingModel?: PricingModel | null;
  trackingCosts?: Record<string, number | null> | null;
  hasVendorLink?: boolean | null;
  linkExpiresAt?: Date | null;
  linkRevokedAt?: Date | null;
};

/** One vendor's message of a send as the log shows it; `owed` says what it is owed once the send has results for it. */
export function deliveryView(delivery: DeliveryFields, owed: SendDelivery['owed']): SendDelivery {
  const status = publicStatus(delivery.status);
  return {
    vendorId: delivery.vendorId,
    vendorName: delivery.vendorName,
    status,
    error: delivery.lastError,
    attempts: delivery.attempts,
    sentAt: delivery.sentAt?.toISOString() ?? null,
    nextAttemptAt: status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
    terms: delivery.terms,
    addedAt: delivery.addedAt?.toISOString() ?? null,
    addedBy: delivery.addedByEmail,
    tracking: delivery.tracking ? trackingStateOf(delivery.tracking) : null,
    spend:
      delivery.tracking && delivery.trackingPricingModel
        ? expectedSpend(delivery.trackingPricingModel, delivery.trackingCosts ?? null, {
            planned: delivery.tracking.plannedQuantity,
            deployed: delivery.tracking.deployedQuantity,
          })
        : null,
    owed,
    vendorLink:
      delivery.hasVendorLink && delivery.linkExpiresAt
        ? { expiresAt: delivery.linkExpiresAt.toISOString(), revokedAt: delivery.linkRevokedAt?.toISOString() ?? null }
        : null,
  };
}

/** The send's expected spend: its tracked deliveries' figures added up (null when none is tracked). */
function sendSpendOf(deliveries: readonly SendDelivery[]): SpendTotal | null {
  const tracked = deliveries.flatMap((delivery) =>
    delivery.tracking && delivery.spend ? [{ status: delivery.tracking.status, spend: delivery.spend }] : [],
  );
  return tracked.length === 0 ? null : totalSpend(tracked);
}

export async function listSendEntries(
  { db, owedOfSends }: SendLogDeps,
  filters: repo.LogFilters,
): Promise<SendEntry[]> {
  const entries = await repo.listLogs(db, filters);
  // The amounts owed of every entry listed, in one call.
  const owed = await owedOfSends(
    db,
    entries.map(({ log }) => log.id),
  );
  return entries.map(({ log, deliveries }) => entryView(log, deliveries, owed));
}

/** One send's log entry, as the list shows it. */
export async function getSendEntry({ db, owedOfSends }: SendLogDeps, sendId: number): Promise<SendEntry> {
  const found = await repo.findLog(db, sendId);
  if (!found) throw notFound('This send was not found.');
  return entryView(found.log, found.deliveries, await owedOfSends(db, [sendId]));
}

function entryView(log: repo.LogRow, rows: readonly DeliveryFields[], owed: SendsOwed): SendEntry {
  const deliveries = rows.map((row) => deliveryView(row, owed.of(log.id, row.vendorId)));
  return {
    id: log.id,
    sentAt: log.sentAt.toISOString(),
    sentBy: log.senderEmail,
    clientName: log.clientName,
    clientSlug: log.clientSlug,
    vendors: log.vendors,
    approvalEmails: log.approvalEmails,
    emailCardCount: log.emailCardCount,
    textCardCount: log.textCardCount,
    cardDetails: log.cardDetails,
    subjects: log.subjects,
    deliveries,
    pricingModel: log.pricingModel,
    spend: sendSpendOf(deliveries),
    owed: owed.totalOf(log.id),
    filesRemovedAt: log.filesRemovedAt?.toISOString() ?? null,
    remindersEnabled: log.remindersEnabled,
  };
}

/**
 * The exact raw message kept for one vendor of a send. While the vendor's personal page link in it still works, the
 * message is as good as the link (whoever holds it can act on the vendor page as the vendor): only the sender of the
 * send or an admin may download it then, and each such download is recorded in the audit trail.
 */
export async function getDeliveryEml(
  { db, storage, clock }: SendLogDeps,
  actor: Actor & { email: string },
  sendId: number,
  vendorId: string,
) {
  const delivery = await repo.findDelivery(db, sendId, vendorId);
  if (!delivery) throw notFound('There is no message for this vendor in this send.');
  const tracking = await repo.findVendorLink(db, sendId, vendorId);
  const now = clock.now();
  const hasLiveLink = Boolean(
    tracking?.tokenHash && !tracking.linkRevokedAt && tracking.linkExpiresAt && tracking.linkExpiresAt > now,
  );
  if (hasLiveLink)
    await checkSenderOrAdmin(
      db,
      actor,
      sendId,
      "download this message while the vendor's personal link in it still works",
    );
  const raw = await storage.get(delivery.emlKey);
  if (!raw) throw new AppError(410, 'The stored message is no longer in the file store.');
  if (hasLiveLink) {
    await recordAudit(
      db,
      actor,
      {
        action: 'eml-downloaded',
        entity: 'email_delivery',
        entityId: delivery.id,
        after: { sendId, vendorId, vendorName: delivery.vendorName },
      },
      now,
    );
  }
  return { raw, fileName: `dispatch-${sendId}-${vendorId}.eml` };
}

async function refuseWithoutFiles(db: Db, sendId: number) {
  if (await repo.haveFilesBeenRemoved(db, sendId)) {
    throw conflict(
      'The stored messages of this send were removed after the retention period, so it cannot be sent again.',
    );
  }
}

/** Re-queues only the failed deliveries of a send (a fresh allowance of attempts each). */
export async function retryFailed(
  { db, deliveries }: SendLogDeps,
  actor: Actor,
  sendId: number,
): Promise<RetryFailedResult> {
  await checkSenderOrAdmin(db, actor, sendId, 'retry its failed messages');
  await refuseWithoutFiles(db, sendId);
  const requeued = await deliveries.requeue(sendId, ['failed']);
  const counts = requeued.length > 0 ? await deliveries.waitForFirstAttempts(sendId) : await deliveries.counts(sendId);
  return { id: sendId, requeued: requeued.length, ...counts };
}

/**
 * A person's decision to send one vendor's message again: for an 'uncertain' delivery (it may have gone out) or a
 * failed one. The same stored bytes go out, with the same Message-ID, so a mailbox that got the first can drop the copy.
 */
export async function sendAgain(
  { db, deliveries, owedOfSends }: SendLogDeps,
  actor: Actor,
  sendId: number,
  vendorId: string,
): Promise<SendAgainResult> {
  await checkSenderOrAdmin(db, actor, sendId, 'send its messages again');
  const current = await repo.findDelivery(db, sendId, vendorId);
  if (!current) throw notFound('There is no message for this vendor in this send.');
  const status = publicStatus(current.status);
  if (status === 'sent') throw conflict(`The message to ${current.vendorName} was already delivered.`);
  if (status === 'pending') throw conflict(`The message to ${current.vendorName} is already waiting to be sent.`);
  await refuseWithoutFiles(db, sendId);
  const requeued = await deliveries.requeue(sendId, ['uncertain', 'failed'], vendorId);
  if (requeued.length === 0)
    throw conflict(`The message to ${current.vendorName} changed meanwhile; reload to see its status.`);
  const counts = await deliveries.waitForFirstAttempts(sendId);
  const updated = await repo.findDelivery(db, sendId, vendorId);
  const owed = await owedOfSends(db, [sendId]);
  return { id: sendId, ...counts, delivery: deliveryView(updated!, owed.of(sendId, vendorId)) };
}
