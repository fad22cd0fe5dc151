import type { FastifyBaseLogger } from 'fastify';
import type { FollowUpBody } from '#shared/email/follow-up';
import { newYorkStamp } from '#shared/rules/new-york-time';
import { dueReminder, reminderSummary, type ReminderKind } from '#shared/rules/reminders';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { isDatabaseUnavailable } from '#server/db/errors';
import { withFollowUp, type FollowUpDeps } from './follow-ups';
import { FileStoreUnavailableError } from '#server/storage/storage';
import * as reminderRepo from './reminders-repository';
import * as repo from './repository';

/**
 * Reminders (issue 14 item 5): a vendor who has not answered within the delay, or whose scheduled deployment time
 * passed (plus the delay) without 'Deployed', gets one reminder of each kind, in the thread of its message, through the
 * delivery queue. Any instance may sweep at any time: the follow-up's key (original message, 'reminder:<kind>') is
 * unique in the database, so of two instances sweeping at once one queues it and the other finds it taken.
 */

/** The audit trail's actor for what the reminders do (the team's side of the history). */
export const REMINDERS_ACTOR = 'system:reminders';

/**
 * Deliveries one sweep looks at, at most. The query returns only deliveries not yet reminded of the kind they are due, so
 * those it queues drop out and the next sweep reaches the rest.
 */
export const SWEEP_BATCH = 200;

/**
 * How long a delivery whose reminder could not be queued (its stored original unreadable, say) is left out of the sweeps:
 * otherwise a batch's worth of such deliveries, lowest ids first, would fill every sweep and no other vendor would be
 * reminded again. After it, the next sweep tries that delivery again.
 */
export const SET_ASIDE_MS = 15 * 60_000;

/** Deliveries set aside at once, at most: the query carries their ids. */
const MAX_SET_ASIDE = 1_000;

/** Delivery id to the time (ms) until which the sweeps leave it out; one per scheduler, so per instance. */
export type SetAside = Map<number, number>;

export interface ReminderDeps extends FollowUpDeps {
  db: Db;
  clock: Clock;
  /** VENDOR_REMINDER_HOURS, in milliseconds. */
  delayMs: number;
  log: FastifyBaseLogger;
  /** Told after a reminder is queued, so open screens update. */
  onChange?: (sendId: number) => void;
  /** Deliveries one sweep looks at (default SWEEP_BATCH; tests use fewer). */
  batchSize?: number;
}

const PAGE_LINE = 'the link to your personal page is in our first message about this deployment';

/** What the reminder says, by kind. */
export function reminderBody(
  kind: ReminderKind,
  candidate: { scheduledDate: string | null; scheduledTime: string | null },
): FollowUpBody {
  if (kind === 'unacknowledged') {
    return {
      paragraphs: [
        ['A reminder about this deployment: we have not heard back from you yet.'],
        [
          `Please confirm that you received it, and schedule it when you can (${PAGE_LINE}). If you cannot deploy it, you can tell us there too.`,
        ],
      ],
    };
  }
  const when = `${candidate.scheduledDate}${candidate.scheduledTime ? ` at ${candidate.scheduledTime}` : ''} (New York time)`;
  return {
    paragraphs: [
      [`A reminder about this deployment: it was scheduled for ${when}, and we have not seen a deployment report yet.`],
      [
        `Please report the date and quantity once it has gone out (${PAGE_LINE}), or tell us there if it cannot go out.`,
      ],
    ],
  };
}

/**
 * Queues the reminder of `kind` for one delivery if it is still due: the tracking row is locked and the rule asked
 * again inside the transaction (the vendor may have just answered), and the follow-up, 'Reminded' on the row and its
 * audit entry commit together. False when it was not due any more or another instance queued it first.
 */
export async function queueReminder(
  deps: ReminderDeps,
  candidate: reminderRepo.StoredCandidate,
  kind: ReminderKind,
): Promise<boolean> {
  const request = {
    originalDeliveryId: candidate.deliveryId,
    kind: 'reminder' as const,
    key: reminderRepo.reminderKey(kind),
    body: reminderBody(kind, candidate),
    byUserId: null,
  };
  return withFollowUp(deps, request, async (tx, enqueue) => {
    const now = deps.clock.now();
    const current = await reminderRepo.lockCandidate(tx, candidate.deliveryId);
    if (!current || dueReminder(current, now, deps.delayMs) !== kind) return false;
    const queued = await enqueue();
    if (!queued) return false;
    await repo.saveChange(
      tx,
      candidate.deliveryId,
      now,
      { remindedAt: now },
      {
        actorUserId: null,
        actorEmail: REMINDERS_ACTOR,
        action: 'tracking.reminded',
        before: { remindedAt: current.remindedAt },
        after: { kind, remindedAt: now, messageId: queued.messageId, summary: reminderSummary(kind) },
      },
    );
    return true;
  });
}

/**
 * One sweep: every delivery due a reminder now gets it queued (once across instances). Answers how many were queued.
 * A delivery whose reminder fails to queue is set aside for SET_ASIDE_MS, so that it cannot hold a place in every batch.
 */
export async function sweepReminders(deps: ReminderDeps, setAside: SetAside = new Map()): Promise<number> {
  const now = deps.clock.now();
  for (const [deliveryId, until] of setAside) if (until <= now.getTime()) setAside.delete(deliveryId);
  const horizon = new Date(now.getTime() - deps.delayMs);
  const found = await reminderRepo.findReminderCandidates(
    deps.db,
    now,
    horizon,
    newYorkStamp(horizon),
    deps.batchSize ?? SWEEP_BATCH,
    [...setAside.keys()],
  );
  let queued = 0;
  for (const candidate of found) {
    const kind = dueReminder(candidate, now, deps.delayMs);
    if (!kind) continue;
    try {
      if (await queueReminder(deps, candidate, kind)) {
        queued++;
        deps.onChange?.(candidate.sendId);
      }
    } catch (error) {
      // The store or the database away fails every delivery alike, and the next sweep tries them all again. One
      // delivery's own trouble (its original unreadable) waits aside a while, so that it does not hold up the others.
      const isOutage = error instanceof FileStoreUnavailableError || isDatabaseUnavailable(error);
      if (!isOutage && setAside.size < MAX_SET_ASIDE) setAside.set(candidate.deliveryId, now.getTime() + SET_ASIDE_MS);
      deps.log.error(
        { err: error, deliveryId: candidate.deliveryId, kind, setAsideMs: isOutage ? 0 : SET_ASIDE_MS },
        'reminder could not be queued',
      );
    }
  }
  return queued;
}

export interface ReminderSchedule {
  /** How often an instance sweeps. Default: a quarter of the delay, between 1 s and 1 min. */
  everyMs?: number;
  /** Start with the app (tests may sweep by hand). Default true. */
  autoStart?: boolean;
  /** Deliveries one sweep looks at. Default SWEEP_BATCH. */
  batchSize?: number;
}

/** Sweeps on a timer that never keeps the process alive; stop() waits for a sweep in progress. */
export function createReminderScheduler(deps: ReminderDeps, schedule: ReminderSchedule = {}) {
  const everyMs = schedule.everyMs ?? Math.min(60_000, Math.max(1_000, Math.floor(deps.delayMs / 4)));
  const sweepDeps = schedule.batchSize === undefined ? deps : { ...deps, batchSize: schedule.batchSize };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let isStopped = false;
  const setAside: SetAside = new Map();

  const runNow = (): Promise<number> =>
    (running ??= sweepReminders(sweepDeps, setAside)
      .then((queued) => {
        if (queued > 0) deps.log.info({ queued }, 'vendor reminders queued');
        return queued;
      })
      .catch((error: unknown) => {
        deps.log.error({ err: error }, 'reminder sweep failed; it runs again shortly');
        return 0;
      })
      .finally(() => {
        running = undefined;
      }));

  return {
    autoStart: schedule.autoStart ?? true,
    everyMs,
    start() {
      if (isStopped || timer) return;
      timer = setInterval(() => void runNow(), everyMs);
      timer.unref();
    },
    async stop() {
      isStopped = true;
      clearInterval(timer);
      await running;
    },
    runNow,
  };
}
