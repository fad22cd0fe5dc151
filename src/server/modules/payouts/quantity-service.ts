import { conflict, notFound } from '#server/errors';
import { recordAudit, type Actor } from '../audit';
import * as repo from './repository';
import { amountsOwed } from './service';
import type { PayoutDeps } from './statement-service';

/**
 * An admin accepts the quantity a vendor reported above what it may count unaccepted (its planned quantity, or its
 * limit): the amount owed counts it from now on (a finalized month gets the difference as an adjustment). The quantity
 * named must be the one reported, so an acceptance never covers a figure the admin did not see.
 */
export async function acceptReportedQuantity(
  deps: PayoutDeps,
  actor: Actor,
  sendId: number,
  vendorId: string,
  quantity: number,
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [line] = await amountsOwed(tx, { vendorId, sendIds: [sendId] });
    if (!line) throw notFound(`Send ${sendId} was not sent to vendor ${vendorId}.`);
    if (!line.flags.includes('Needs review')) {
      throw conflict('Nothing to accept: the quantity reported for this send already counts as reported.');
    }
    if (line.reportedQuantity !== quantity) {
      throw conflict(
        `The quantity reported is ${line.reportedQuantity ?? 'none'}, not ${quantity}: reload and accept the quantity reported.`,
      );
    }
    await repo.saveAcceptance(tx, {
      deliveryId: line.deliveryId,
      quantity,
      at: now,
      userId: actor.id,
      email: actor.email,
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'quantity-accepted',
        entity: 'delivery',
        entityId: line.deliveryId,
        before: { countedQuantity: line.quantity },
        after: { sendId, vendorId, quantity },
      },
      now,
    );
  });
  return { sendId, vendorId, quantity, acceptedAt: now.toISOString(), acceptedBy: { email: actor.email } };
}

export function listQuantityLimits(deps: PayoutDeps) {
  return repo.listQuantityLimits(deps.db);
}

/** Sets or removes a vendor's limit for a reported quantity without a planned one. */
export async function saveQuantityLimit(
  deps: PayoutDeps,
  actor: Actor,
  vendorId: string,
  quantityLimit: number | null,
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if ((await repo.vendorName(tx, vendorId)) === undefined) throw notFound(`There is no vendor ${vendorId}.`);
    const before = await repo.saveQuantityLimit(tx, vendorId, quantityLimit, now);
    if (before === quantityLimit) return;
    await recordAudit(
      tx,
      actor,
      {
        action: 'vendor-quantity-limit-changed',
        entity: 'vendor',
        entityId: vendorId,
        before: { quantityLimit: before },
        after: { quantityLimit },
      },
      now,
    );
  });
  return { vendorId, quantityLimit };
}
