import type { TrackingStatus } from '../contracts/tracking';
import { newYorkStamp } from './new-york-time';

/**
 * The reminders a vendor may get (issue 14 item 5), each at most once per delivery:
 * - 'unacknowledged': nothing heard from the vendor (not even 'Received') within the delay after the message went out;
 * - 'overdue': the scheduled New York date and time, plus the same delay, have passed without 'Deployed' (or 'Cannot deploy').
 */
export const REMINDER_KINDS = ['unacknowledged', 'overdue'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** The default delay: a vendor has a working day to answer before a reminder goes out. */
export const DEFAULT_REMINDER_HOURS = 24;

/** What decides whether a delivery's vendor is due a reminder. */
export interface ReminderCandidate {
  /** The send's choice ('Send reminders to vendors'). */
  remindersEnabled: boolean;
  /** The original message's queue status: only a message that went out ('sent') has a thread to remind in. */
  deliveryStatus: string;
  /** When the original message went out. */
  sentAt: Date | null;
  /** Whether the delivery has a personal link (none under VENDOR_LINKS=off), and until when, unless turned off. */
  hasLink: boolean;
  linkExpiresAt: Date | null;
  linkRevokedAt: Date | null;
  status: TrackingStatus;
  receivedAt: Date | null;
  /** YYYY-MM-DD and HH:MM, New York time, as the vendor gave them. */
  scheduledDate: string | null;
  scheduledTime: string | null;
  /** The kinds this delivery was already reminded of. */
  sentKinds: readonly ReminderKind[];
}

/**
 * The one reminder due now for this delivery, or null. Pure: the sweep reads the rows, asks this, and the database's
 * unique key per delivery and kind makes sure each is queued once.
 *
 * Nothing is due when the send's reminders are off; when its message did not go out (failed, uncertain, still queued);
 * when the delivery has no personal link (VENDOR_LINKS=off: the vendor has no way to report what it did, so every
 * vendor would be reminded whatever it did by e-mail), or its link was turned off or has expired (the team stopped
 * this vendor's tracking, or the page the reminder points back to no longer opens).
 */
export function dueReminder(candidate: ReminderCandidate, now: Date, delayMs: number): ReminderKind | null {
  if (!candidate.remindersEnabled || candidate.deliveryStatus !== 'sent' || !candidate.sentAt) return null;
  if (!candidate.hasLink || candidate.linkRevokedAt || !candidate.linkExpiresAt || candidate.linkExpiresAt <= now)
    return null;
  const isSent = (kind: ReminderKind) => candidate.sentKinds.includes(kind);
  if (candidate.status === 'sent' && !candidate.receivedAt) {
    return !isSent('unacknowledged') && now.getTime() - candidate.sentAt.getTime() >= delayMs ? 'unacknowledged' : null;
  }
  if (
    candidate.status === 'deployed' ||
    candidate.status === 'cannot-deploy' ||
    !candidate.scheduledDate ||
    isSent('overdue')
  )
    return null;
  // The scheduled wall-clock time in New York, compared with New York's wall clock `delayMs` ago: no time zone sums.
  const scheduled = `${candidate.scheduledDate}T${candidate.scheduledTime ?? '00:00'}`;
  return newYorkStamp(new Date(now.getTime() - delayMs)) >= scheduled ? 'overdue' : null;
}

/** The reminder's opening line, by kind (the message then quotes what the vendor was sent). */
export function reminderSummary(kind: ReminderKind): string {
  return kind === 'unacknowledged'
    ? 'Reminder sent: no answer yet'
    : 'Reminder sent: scheduled date passed without a deployment report';
}
