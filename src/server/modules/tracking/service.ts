import type { AuthenticatedUser } from '../session/service';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { conflict, notFound } from '#server/errors';
import * as repo from './repository';

export interface TrackingDeps {
  db: Db;
  clock: Clock;
  onChange?: (logId: number) => void;
}

/** Turns off one vendor's link of a send at once (a forwarded message, a vendor who left); recorded in the audit trail. */
export async function revokeVendorLink({ db, clock, onChange }: TrackingDeps, user: AuthenticatedUser, logId: number, vendorId: string) {
  const row = await repo.findByLogAndVendor(db, logId, vendorId);
  if (!row) throw notFound('No such message.');
  if (!row.tokenHash) throw conflict('This message was sent without a vendor link.');
  const now = clock.now();
  const revokedAt = await repo.updateWithAudit<Date>(db, row.deliveryId, now, (current) => {
    if (current.linkRevokedAt) return { refused: current.linkRevokedAt };
    return {
      changes: { linkRevokedAt: now },
      audit: { actorUserId: user.id, actorEmail: user.email, action: 'tracking.link-revoked', before: { linkRevokedAt: null }, after: { linkRevokedAt: now, summary: 'Link turned off' } },
      result: now,
    };
  });
  onChange?.(logId);
  return { revokedAt: revokedAt.toISOString() };
}
