import { describe, expect } from 'vitest';
import { queueDrained, sendBodyFor, vendorPageLinkIn } from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';
import { mailTo, tokenOf, vendorCall } from '#server/testing/tracking-fixtures';
import {
  ACTIONS,
  addressesOf,
  HOUR,
  it,
  remindedAt,
  remindersDelivered,
  remindersIn,
  TIMEOUT_MS,
} from './reminders-fixtures';

describe('reminders (issue 14 item 5)', () => {
  it(
    'reminds each vendor that has not acknowledged once, after 24 hours, in the thread of its message',
    async ({ t, app, admin, smtp, sent }) => {
      expect(
        (await vendorCall(app, tokenOf(sent.links.acme1234!), 'POST', ACTIONS, { action: 'received' })).statusCode,
      ).toBe(200);
      expect(await app.reminders.runNow()).toBe(0);
      t.clock.advance(24 * HOUR - 60_000);
      expect(await app.reminders.runNow()).toBe(0);
      t.clock.advance(60_000);
      // Bravo and Carta said nothing; Acme acknowledged.
      expect(await app.reminders.runNow()).toBe(2);
      const reminders = await remindersDelivered(smtp, 2);
      expect(reminders.map((mail) => addressesOf(mail)).sort()).toEqual([['hello@carta.test'], ['team@bravo.test']]);

      // In the same thread: 'Re:' the original subject, In-Reply-To and References its Message-ID, parsed from what the SMTP server got.
      const [original] = await mailTo(smtp, 'team@bravo.test');
      const reminder = reminders.find((mail) => addressesOf(mail).includes('team@bravo.test'))!;
      expect(original!.messageId).toMatch(/^<.+@.+>$/);
      expect(reminder.subject).toBe(`Re: ${original!.subject}`);
      expect(reminder.inReplyTo).toBe(original!.messageId);
      expect([reminder.references].flat()).toContain(original!.messageId);
      expect(reminder.messageId).not.toBe(original!.messageId);
      expect(reminder.text).toContain('we have not heard back from you yet');
      // The link is not in it (only its hash is kept): the vendor uses the one in the first message.
      expect(vendorPageLinkIn(reminder.text)).toBeNull();

      // The team sees 'Reminded' with the time, on the log and the board; the vendor page's history has it.
      const times = await remindedAt(t, admin, sent.sendId);
      expect(times.acme1234).toBeNull();
      expect(times.bravo5678).toBe(t.clock.now().toISOString());
      expect(times.carta9012).toBe(t.clock.now().toISOString());
      const board = (await app.inject({ method: 'GET', url: '/api/tracking', headers: bearer(admin) })).json();
      expect(board.items.find((item: { vendorId: string }) => item.vendorId === 'bravo5678').tracking.remindedAt).toBe(
        times.bravo5678,
      );
      const page = (await vendorCall(app, tokenOf(sent.links.bravo5678!), 'GET', '/api/vendor-page')).json();
      expect(page.history).toEqual([
        expect.objectContaining({ by: 'team', action: 'reminded', summary: 'Reminder sent: no answer yet' }),
      ]);

      // Never a second one of the kind, however long the silence.
      for (const days of [1, 5, 20]) {
        t.clock.advance(days * 24 * HOUR);
        expect(await app.reminders.runNow()).toBe(0);
      }
      await queueDrained(t.database.db);
      expect(await remindersIn(smtp)).toHaveLength(2);
      // Each vendor's messages: its send message and one reminder.
      expect(await mailTo(smtp, 'team@bravo.test')).toHaveLength(2);
    },
    TIMEOUT_MS,
  );

  it(
    'reminds a vendor whose scheduled New York time passed without Deployed, once, and not one that deployed',
    async ({ t, app, admin, smtp, sent }) => {
      // The test clock reads 2026-03-10 11:00 in New York.
      const schedule = {
        action: 'scheduled',
        segment: 'Spring donors',
        plannedQuantity: 1000,
        date: '2026-03-10',
        time: '14:00',
      };
      for (const vendorId of ['acme1234', 'bravo5678']) {
        expect((await vendorCall(app, tokenOf(sent.links[vendorId]!), 'POST', ACTIONS, schedule)).statusCode).toBe(200);
      }
      expect(
        (
          await vendorCall(app, tokenOf(sent.links.carta9012!), 'POST', ACTIONS, {
            action: 'cannot-deploy',
            reason: 'List retired',
          })
        ).statusCode,
      ).toBe(200);
      // 14:00 + 24 hours is 2026-03-11 14:00 New York time, 18:00 UTC; the clock is at 15:00 UTC on the 10th.
      t.clock.advance(26 * HOUR);
      expect(await app.reminders.runNow()).toBe(0);
      expect(
        (
          await vendorCall(app, tokenOf(sent.links.bravo5678!), 'POST', ACTIONS, {
            action: 'deployed',
            date: '2026-03-11',
            quantity: 990,
          })
        ).statusCode,
      ).toBe(200);
      t.clock.advance(HOUR);
      expect(await app.reminders.runNow()).toBe(1);
      const [reminder] = await remindersDelivered(smtp, 1);
      expect(addressesOf(reminder!)).toEqual(['ops@acme.test', 'lists@acme.test']);
      expect(reminder!.text).toContain(
        'it was scheduled for 2026-03-10 at 14:00 (New York time), and we have not seen a deployment report yet.',
      );
      const [original] = await mailTo(smtp, 'ops@acme.test');
      expect(reminder!.inReplyTo).toBe(original!.messageId);
      expect((await remindedAt(t, admin, sent.sendId)).acme1234).toBe(t.clock.now().toISOString());

      // Rescheduled and late again: still only the one overdue reminder.
      await vendorCall(app, tokenOf(sent.links.acme1234!), 'POST', ACTIONS, { ...schedule, date: '2026-03-12' });
      t.clock.advance(5 * 24 * HOUR);
      expect(await app.reminders.runNow()).toBe(0);
      await queueDrained(t.database.db);
      expect(await remindersIn(smtp)).toHaveLength(1);
    },
    TIMEOUT_MS,
  );

  it(
    'sends none for a send with reminders turned off, on the send page or afterwards, nor to a link turned off',
    async ({ t, app, admin, member, smtp, sent }) => {
      // A second send, with 'Send reminders to vendors' unticked.
      const quiet = await app.inject({
        method: 'POST',
        url: '/api/send-email-consolidated',
        headers: bearer(admin),
        payload: sendBodyFor(['bravo5678'], { sendReminders: false }) as object,
      });
      expect(quiet.statusCode, quiet.body).toBe(200);
      // The first send's reminders turned off after sending, by any signed-in user (decision 0023), recorded in the audit trail.
      const off = await app.inject({
        method: 'PUT',
        url: `/api/email-logs/${sent.sendId}/reminders`,
        headers: bearer(member),
        payload: { enabled: false },
      });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toEqual({ id: sent.sendId, remindersEnabled: false });
      const entries = (await app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(admin) })).json() as {
        id: number;
        remindersEnabled: boolean;
      }[];
      expect(entries.map((entry) => [entry.id, entry.remindersEnabled])).toEqual([
        [quiet.json().id, false],
        [sent.sendId, false],
      ]);
      t.clock.advance(48 * HOUR);
      expect(await app.reminders.runNow()).toBe(0);

      // On again, but with Carta's link turned off: only Acme and Bravo of the first send.
      // Both by the sender (here an admin): only the sender or an admin may.
      await app.inject({
        method: 'POST',
        url: `/api/email-logs/${sent.sendId}/deliveries/carta9012/revoke-link`,
        headers: bearer(admin),
      });
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: `/api/email-logs/${sent.sendId}/reminders`,
            headers: bearer(admin),
            payload: { enabled: true },
          })
        ).statusCode,
      ).toBe(200);
      expect(await app.reminders.runNow()).toBe(2);
      const reminders = await remindersDelivered(smtp, 2);
      expect(reminders.map((mail) => addressesOf(mail)[0]).sort()).toEqual(['ops@acme.test', 'team@bravo.test']);
      const audit = (await app.inject({ method: 'GET', url: '/api/audit-log', headers: bearer(admin) })).json();
      expect(
        audit.entries
          .filter((entry: { action: string }) => entry.action.startsWith('reminders-'))
          .map((entry: { action: string; actorEmail: string }) => [entry.action, entry.actorEmail]),
      ).toEqual([
        ['reminders-on', 'admin@agency.test'],
        ['reminders-off', 'member@agency.test'],
      ]);
    },
    TIMEOUT_MS,
  );
});
