import { describe, expect, it } from 'vitest';
import { dueReminder, type ReminderCandidate } from './reminders';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// 10:00 in New York (EDT, UTC-4).
const SENT = new Date('2026-06-01T14:00:00Z');

const delivery = (changes: Partial<ReminderCandidate> = {}): ReminderCandidate => ({
  remindersEnabled: true,
  deliveryStatus: 'sent',
  sentAt: SENT,
  hasLink: true,
  linkExpiresAt: new Date(SENT.getTime() + 60 * DAY),
  linkRevokedAt: null,
  status: 'sent',
  receivedAt: null,
  scheduledDate: null,
  scheduledTime: null,
  sentKinds: [],
  ...changes,
});

const at = (ms: number) => new Date(SENT.getTime() + ms);

describe('dueReminder', () => {
  it('reminds a vendor who has not acknowledged once the delay has passed, once', () => {
    expect(dueReminder(delivery(), at(DAY - 1), DAY)).toBeNull();
    expect(dueReminder(delivery(), at(DAY), DAY)).toBe('unacknowledged');
    expect(dueReminder(delivery(), at(2 * HOUR), 2 * HOUR)).toBe('unacknowledged');
    expect(dueReminder(delivery({ sentKinds: ['unacknowledged'] }), at(10 * DAY), DAY)).toBeNull();
  });

  it('does not remind a vendor who acknowledged or reported anything later', () => {
    expect(dueReminder(delivery({ status: 'received', receivedAt: at(HOUR) }), at(2 * DAY), DAY)).toBeNull();
    expect(dueReminder(delivery({ status: 'cannot-deploy', receivedAt: at(HOUR) }), at(2 * DAY), DAY)).toBeNull();
    expect(
      dueReminder(
        delivery({ status: 'deployed', receivedAt: at(HOUR), scheduledDate: '2026-06-02', scheduledTime: '09:00' }),
        at(30 * DAY),
        DAY,
      ),
    ).toBeNull();
  });

  it('reminds a vendor whose scheduled New York date and time passed without Deployed, the delay later, once', () => {
    // Scheduled for June 2 at 09:00 New York time (13:00 UTC); due 24 hours later, at 13:00 UTC on June 3.
    const scheduled = delivery({
      status: 'scheduled',
      receivedAt: at(HOUR),
      scheduledDate: '2026-06-02',
      scheduledTime: '09:00',
      sentKinds: ['unacknowledged'],
    });
    expect(dueReminder(scheduled, new Date('2026-06-03T12:59:00Z'), DAY)).toBeNull();
    expect(dueReminder(scheduled, new Date('2026-06-03T13:00:00Z'), DAY)).toBe('overdue');
    for (const status of ['seed-test-sent', 'approved', 'changes-requested'] as const) {
      expect(dueReminder({ ...scheduled, status }, new Date('2026-06-04T00:00:00Z'), DAY)).toBe('overdue');
    }
    expect(
      dueReminder({ ...scheduled, sentKinds: ['unacknowledged', 'overdue'] }, new Date('2026-06-10T00:00:00Z'), DAY),
    ).toBeNull();
    expect(dueReminder({ ...scheduled, status: 'deployed' }, new Date('2026-06-10T00:00:00Z'), DAY)).toBeNull();
    expect(dueReminder({ ...scheduled, status: 'cannot-deploy' }, new Date('2026-06-10T00:00:00Z'), DAY)).toBeNull();
    // In winter New York is UTC-5: 09:00 there is 14:00 UTC.
    const winter = delivery({
      status: 'scheduled',
      receivedAt: at(HOUR),
      scheduledDate: '2026-12-02',
      scheduledTime: '09:00',
      linkExpiresAt: new Date('2027-01-01T00:00:00Z'),
    });
    expect(dueReminder(winter, new Date('2026-12-02T13:59:00Z'), 0)).toBeNull();
    expect(dueReminder(winter, new Date('2026-12-02T14:00:00Z'), 0)).toBe('overdue');
  });

  it('sends nothing when the send turned reminders off, its message did not go out, or its link is absent, off or expired', () => {
    const due = at(2 * DAY);
    expect(dueReminder(delivery(), due, DAY)).toBe('unacknowledged');
    expect(dueReminder(delivery({ remindersEnabled: false }), due, DAY)).toBeNull();
    for (const deliveryStatus of ['failed', 'uncertain', 'pending', 'sending']) {
      expect(dueReminder(delivery({ deliveryStatus, sentAt: null }), due, DAY)).toBeNull();
    }
    expect(dueReminder(delivery({ hasLink: false, linkExpiresAt: null }), due, DAY)).toBeNull();
    expect(dueReminder(delivery({ linkRevokedAt: at(HOUR) }), due, DAY)).toBeNull();
    expect(dueReminder(delivery({ linkExpiresAt: due }), due, DAY)).toBeNull();
  });
});
