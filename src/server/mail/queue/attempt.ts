import type { FastifyBaseLogger } from 'fastify';
import type { Bytes } from '#server/bytes';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { FileStoreUnavailableError, type FileStorage } from '#server/storage/storage';
import { findProviderThreadId } from '../deliveries-repository';
import { resultOfError, resultOfOutcome, retryOrFail, type AttemptResult, type RetryPolicy } from '../delivery-attempt';
import { MailSendError, type MailTransport } from '../transport';
import type { AwayPart } from './away-watch';
import type { KeptMessages } from './kept-messages';
import type { ClaimedDelivery } from './claims-repository';

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
  senderCheck: SenderCheck;
  policy: RetryPolicy;
  /** Messages this process just stored, their bytes still in memory. */
  kept: Pick<KeptMessages, 'take'>;
}

/** How one attempt went: its result to record, what was away if that was why, or that its claim was lost. */
export type Attempted = { result: AttemptResult; away?: AwayPart } | { isClaimLost: true };

type Prepared = { raw: Bytes; threadId: string | null } | { result: AttemptResult; away?: AwayPart };

/** The sender check, the stored bytes and the thread of a follow-up: a result already when the message may not go. */
async function prepare(deps: AttemptDeps, delivery: ClaimedDelivery): Promise<Prepared> {
  // A message goes out in its sender's name (and, under Gmail, with their Google account): not once they are removed.
  const refusal = deps.senderCheck({
    userId: delivery.senderUserId,
    email: delivery.senderEmail,
    isAuthorized: delivery.isSenderAuthorized,
  });
  if (refusal !== null) {
    deps.log.warn(
      { deliveryId: delivery.id, senderUserId: delivery.senderUserId },
      'delivery refused: its sender is no longer authorized',
    );
    return { result: { status: 'failed', lastError: refusal } };
  }
  // The bytes stored under its key: still in memory on a first attempt from this process, else read back.
  const raw = deps.kept.take(delivery.emlKey) ?? (await deps.storage.get(delivery.emlKey));
  if (!raw) return { result: { status: 'failed', lastError: 'The stored message is missing from the file store.' } };
  // A follow-up joins its original's thread at the provider (Gmail), when the original's send told us which.
  const threadId =
    delivery.replyToDeliveryId === null ? null : await findProviderThreadId(deps.db, delivery.replyToDeliveryId);
  return { raw, threadId };
}

/** Nothing was handed to the transport: the stored message, or the database, failed. */
function notPrepared(deps: AttemptDeps, delivery: ClaimedDelivery, error: unknown): Prepared {
  deps.log.error({ err: error, deliveryId: delivery.id }, 'delivery could not be prepared');
  const message = `Could not prepare the message: ${(error as Error).message}`;
  return {
    result: retryOrFail(delivery, message, true, deps.policy, deps.clock.now()),
    ...(error instanceof FileStoreUnavailableError ? { away: 'store' as const } : {}),
  };
}

/**
 * Attempts one claimed message. `handedOver` is its hand-over, asked of `progress` as the message took its slot and
 * written while the message is prepared: the transport gets the message only once it is committed, so a claim that
 * lapses without it was never sent and goes back to the queue, and a message that may have gone out is never sent
 * again blindly. Settled before any result is answered, so the outcome is always written after it.
 */
export async function attemptMessage(
  deps: AttemptDeps,
  delivery: ClaimedDelivery,
  handedOver: Promise<boolean>,
): Promise<Attempted> {
  const { log, clock, policy } = deps;
  let prepared: Prepared;
  try {
    prepared = await prepare(deps, delivery);
  } catch (error) {
    prepared = notPrepared(deps, delivery, error);
  }
  try {
    if (!(await handedOver)) {
      log.warn({ deliveryId: delivery.id }, 'delivery claim was lost before its message was handed over: not sent');
      return { isClaimLost: true };
    }
  } catch (error) {
    if ('raw' in prepared) prepared = notPrepared(deps, delivery, error);
  }
  if (!('raw' in prepared)) return prepared;
  try {
    const outcome = await deps.transport.send({
      raw: prepared.raw,
      from: delivery.fromAddress,
      to: delivery.toAddresses,
      cc: delivery.ccAddresses,
      senderUserId: delivery.senderUserId,
      ...(prepared.threadId ? { threadId: prepared.threadId } : {}),
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
