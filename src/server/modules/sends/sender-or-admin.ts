import type { Db } from '#server/db/client';
import { forbidden, notFound } from '#server/errors';
import { findLogSender } from './log-repository';

/** The person acting on a send. */
export interface Actor {
  id: number;
  isAdmin: boolean;
}

/**
 * Only the person who made a send, or an admin, speaks for it (decision 0023): puts its messages back in the queue,
 * answers its vendors, turns its reminders on, turns off a vendor's link, records an update on a vendor's behalf.
 * `action` ends the refusal: 'Only the person who made this send, or an admin, can <action>.' An unknown send is 404
 * for anyone (not 403, which would say it exists).
 */
export async function checkSenderOrAdmin(db: Db, actor: Actor, sendId: number, action: string): Promise<void> {
  const log = await findLogSender(db, sendId);
  if (!log) throw notFound('This send was not found.');
  if (!actor.isAdmin && log.userId !== actor.id) {
    throw forbidden(`Only the person who made this send, or an admin, can ${action}.`);
  }
}
