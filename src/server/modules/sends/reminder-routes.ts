import type { FastifyInstance } from 'fastify';
import { setReminders } from '#shared/api/sends';
import type { RemindersSettingResult } from '#shared/contracts/sends';
import type { Guards } from '#server/auth/guards';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { notFound } from '#server/errors';
import { routeDefiner } from '#server/http/define-route';
import { setRemindersEnabled } from './repository';
import { checkSenderOrAdmin } from './sender-or-admin';
import type { UserLimiter } from '../rate-limits';
import type { AuthenticatedUser } from '../session';

export interface ReminderSettingDeps {
  db: Db;
  clock: Clock;
}

/**
 * Turns a send's vendor reminders off (or on again) after it was sent, with an audit entry. On is the sender's or an
 * admin's to do: the reminders then go out in the sender's name. Off stays open to every signed-in user (decision
 * 0023): it sends nothing and speaks for no one, the sender or an admin turns it on again in one click, and it is the
 * brake a colleague needs while the sender is away (a vendor asking not to be chased).
 */
export async function setSendReminders(
  { db, clock }: ReminderSettingDeps,
  user: AuthenticatedUser,
  sendId: number,
  enabled: boolean,
): Promise<RemindersSettingResult> {
  if (enabled) await checkSenderOrAdmin(db, user, sendId, 'turn its reminders on');
  const isFound = await setRemindersEnabled(db, sendId, enabled, user, clock.now());
  if (!isFound) throw notFound('This send was not found.');
  return { id: sendId, remindersEnabled: enabled };
}

export function registerReminderRoutes(
  app: FastifyInstance,
  deps: ReminderSettingDeps,
  guards: Guards,
  limit: UserLimiter,
) {
  routeDefiner(app, guards)(
    setReminders,
    async ({ params, body, user }) => setSendReminders(deps, user, params.id, body.enabled),
    { limit },
  );
}
