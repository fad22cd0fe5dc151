import type { AuthenticatedUser } from '../session/service';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { conflict, notFound } from '#server/errors';
import type { TrackingBoard, TrackingBoardQuery } from '#shared/contracts/tracking';
import { newYorkDate } from '#shared/rules/new-york-time';
import { expectedSpend } from '#shared/rules/spend';
import { isOverdue } from '#shared/rules/tracking';
import * as repo from './repository';
import { trackingStateOf } from './views';

/** The most deliveries one board shows. */
export const BOARD_LIMIT = 500;

const startOfDay = (date: string) => new Date(`${date}T00:00:00Z`);

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

/** The Tracking board: every tracked delivery matching the filters, each with its status and whether it is overdue. */
export async function getTrackingBoard({ db, clock }: TrackingDeps, query: TrackingBoardQuery): Promise<TrackingBoard> {
  const today = newYorkDate(clock.now());
  const to = query.to ? new Date(startOfDay(query.to).getTime() + 24 * 60 * 60 * 1000) : undefined;
  const rows = await repo.listBoard(db, { client: query.client || undefined, vendor: query.vendor || undefined, from: query.from ? startOfDay(query.from) : undefined, to }, BOARD_LIMIT);
  return {
    today,
    items: rows.map(({ tracking, vendorName, clientName, sentAt }) => ({
      logId: tracking.logId,
      vendorId: tracking.vendorId,
      vendorName,
      clientName,
      subject: tracking.content.subject,
      sentAt: sentAt.toISOString(),
      tracking: trackingStateOf(tracking),
      isOverdue: isOverdue(tracking, today),
      terms: `${tracking.content.terms.label}: ${tracking.content.terms.items.map((item) => `${item.label}: ${item.value}`).join(', ')}`,
      spend: expectedSpend(tracking.content.pricingModel, tracking.content.costs, { planned: tracking.plannedQuantity, deployed: tracking.deployedQuantity }),
    })),
  };
}
