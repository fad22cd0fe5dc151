import type { FastifyInstance } from 'fastify';
import { emailLogIdParams, remindersSetting, type RemindersSettingResult } from '#shared/contracts/email-logs';
import { userOf, type Guards } from '#server/auth/guards';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { notFound } from '#server/errors';
import { parseInput } from '#server/validation';
import type { AuthenticatedUser } from '../session/service';
import * as repo from './repository';

export interface ReminderSettingDeps {
  db: Db;
  clock: Clock;
}

/**
 * Turns a send's vendor reminders off (or on again) after it was sent, with an audit entry. Any signed-in user may, as
 * any may turn off a vendor's link: it stops mail to vendors, it sends none.
 */
export async function setSendReminders({ db, clock }: ReminderSettingDeps, user: AuthenticatedUser, logId: number, enabled: boolean): Promise<RemindersSettingResult> {
  const audit = { actorUserId: user.id, actorEmail: user.email, action: enabled ? 'reminders-on' : 'reminders-off', before: null, after: { remindersEnabled: enabled } };
  const isFound = await repo.setRemindersEnabled(db, logId, enabled, audit, clock.now());
  if (!isFound) throw notFound('This send was not found.');
  return { id: logId, remindersEnabled: enabled };
}

export function registerReminderRoutes(app: FastifyInstance, deps: ReminderSettingDeps, guards: Guards) {
  app.put('/api/email-logs/:id/reminders', { preHandler: guards.requireUser }, async (request) => {
    const { id } = parseInput(emailLogIdParams, request.params, 'id');
    const { enabled } = parseInput(remindersSetting, request.body);
    return setSendReminders(deps, userOf(request), id, enabled);
  });
}
