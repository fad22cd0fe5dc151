import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { FileStoreUnavailableError, type FileStorage } from '#server/storage/storage';
import { findProviderThreadId } from '../deliveries-repository';
import { resultOfError, resultOfOutcome, retryOrFail, type AttemptResult, type RetryPolicy } from '../delivery-attempt';
import { MailSendError, type MailTransport } from '../transport';
import type { AwayPart } from './away-watch';
import type { ClaimedDelivery } from './claims-repository';
import type { Progress } from './outcomes';

/** A sender as the claim found them, just now: still a user (their address), still on the authorized list. */
export interface SenderStanding {
  userId: number;
  email: string | null;
  isAuthorized: boolean;
}

/**
 * Whether a message may still go out in its sender's name: the reason it may not, or null. The rule is the users
 * module's (who may send); the queue reads the sender's standing with each claim and asks it.
 */
export type SenderCheck = (sender: SenderStanding) => string | null;

export interface AttemptDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  storage: FileStorage;
  transport: MailTransport;
  progress: Pick<Progress, 'handOver'>;
  senderCheck: SenderCheck;
  policy: RetryPolicy;
}

/** How one attempt went: its result to record, what was away if that was why, or that its claim was lost. */
export type Attempted = { result: AttemptResult; away?: AwayPart } | { isClaimLost: true };

/**
 * Attempts one claimed message: the sender check, the stored bytes, the thread of a follow-up, then the hand-over,
 * recorded before the transport gets the message, and the transport's answer.
 */
export async function attemptMessage(deps: AttemptDeps, delivery: ClaimedDelivery): Promise<Attempted> {
  const { log, clock, policy } = deps;
  let raw: Buffer | null;
  let threadId: string | null;
  try {
    // A message goes out in its sender's name (and, under Gmail, with their Google account): not once they are removed.
    const refusal = deps.senderCheck({
      userId: delivery.senderUserId,
      email: delivery.senderEmail,
      isAuthorized: delivery.isSenderAuthorized,
    });
    if (refusal !== null) {
      log.warn(
        { deliveryId: delivery.id, senderUserId: delivery.senderUserId },
        'delivery refused: its sender is no longer authorized',
      );
      return { result: { status: 'failed', lastError: refusal } };
    }
    raw = await deps.storage.get(delivery.emlKey);
    if (!raw) return { result: { status: 'failed', lastError: 'The stored message is missing from the file store.' } };
    // A follow-up joins its original's thread at the provider (Gmail), when the original's send told us which.
    threadId =
      delivery.replyToDeliveryId === null ? null : await findProviderThreadId(deps.db, delivery.replyToDeliveryId);
    // Durable before the transport gets the message: a claim that lapses without it goes back to the queue, so a
    // message that may have gone out is never sent again blindly.
    if (!(await deps.progress.handOver(delivery))) {
      log.warn({ deliveryId: delivery.id }, 'delivery claim was lost before its message was handed over: not sent');
      return { isClaimLost: true };
    }
  } catch (error) {
    // Nothing was handed to the transport: the stored message, or the database, failed.
    log.error({ err: error, deliveryId: delivery.id }, 'delivery could not be prepared');
    return {
      result: retryOrFail(
        delivery,
        `Could not prepare the message: ${(error as Error).message}`,
        true,
        policy,
        clock.now(),
      ),
      ...(error instanceof FileStoreUnavailableError ? { away: 'store' as const } : {}),
    };
  }
  try {
    const outcome = await deps.transport.send({
      raw,
      from: delivery.fromAddress,
      to: delivery.toAddresses,
      cc: delivery.ccAddresses,
      senderUserId: delivery.senderUserId,
      ...(threadId ? { threadId } : {}),
    });
    return { result: resultOfOutcome(outcome, clock.now()) };
  } catch (error) {
    const { result, isUnexpected } = resultOfError(error, delivery, policy, clock.now());
    if (isUnexpected) log.error({ err: error, deliveryId: delivery.id }, 'unexpected transport error');
    // Only a transport that can be asked whether its server is back (SMTP) holds messages for it.
    const isServerAway = error instanceof MailSendError && error.isServerAway && deps.transport.verify !== undefined;
    return { result, ...(isServerAway ? { away: 'mail' as const } : {}) };
  }
}
