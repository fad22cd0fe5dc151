import type { TrackingEvent } from '#shared/contracts/tracking';

/** The audit trail's actor for a vendor acting through its link. */
export const vendorActor = (vendorId: string) => `vendor:${vendorId}`;

/** An audit entry of the delivery's tracking as a line of its history: the vendor's, or the team's (a person or the reminders). */
export function trackingEventOf(entry: {
  action: string;
  actorEmail: string;
  after: unknown;
  at: Date;
}): TrackingEvent {
  const after = (entry.after ?? {}) as { summary?: unknown };
  return {
    at: entry.at.toISOString(),
    by: entry.actorEmail.startsWith('vendor:') ? 'vendor' : 'team',
    action: entry.action.replace(/^tracking\./, ''),
    summary: typeof after.summary === 'string' ? after.summary : entry.action,
  };
}
