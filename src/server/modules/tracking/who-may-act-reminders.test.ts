import { describe, expect } from 'vitest';
import { APPROVALS, FAST_DELIVERY } from '#server/testing/send-fixtures';
import { addressesOf, HOUR, it, refusal, repliesTo, SENDER, signatureOf, SLOW_MS } from './who-may-act-fixtures';

describe('only the sender or an admin speaks for a send (decision 0023)', () => {
  describe('reminders, with the queue and the sweep on the test clock', () => {
    it.override('appDeps', { delivery: { ...FAST_DELIVERY, clock: undefined }, reminders: { autoStart: false } });

    it(
      'turns them on only as the sender or an admin, off as any member; a reminder speaks for the sender whoever turned them on',
      async ({ t, admin, sender, colleague, smtp, sent, as }) => {
        const url = `/api/email-logs/${sent.sendId}/reminders`;
        expect((await as(colleague, 'PUT', url, { enabled: false })).json()).toEqual({
          id: sent.sendId,
          remindersEnabled: false,
        });
        const refused = await as(colleague, 'PUT', url, { enabled: true });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(refusal('turn its reminders on'));
        expect((await as(null, 'PUT', url, { enabled: true })).statusCode).toBe(401);
        expect((await as(null, 'PUT', url, { enabled: false })).statusCode).toBe(401);
        t.clock.advance(25 * HOUR);
        expect(await t.app.reminders.runNow()).toBe(0);

        expect((await as(sender, 'PUT', url, { enabled: true })).statusCode).toBe(200);
        expect((await as(sender, 'PUT', url, { enabled: false })).statusCode).toBe(200);
        expect((await as(admin, 'PUT', url, { enabled: true })).json()).toEqual({
          id: sent.sendId,
          remindersEnabled: true,
        });
        expect(await t.app.reminders.runNow()).toBe(3);
        const [reminder] = await repliesTo(smtp, 'bravo5678', 1);
        expect(reminder!.text).toMatch(/reminder/i);
        expect(signatureOf(reminder!)).toBe('Thank you,\nDana');
        expect(addressesOf(reminder!.replyTo)).toEqual([SENDER, ...APPROVALS]);
        expect(reminder!.inReplyTo).toBe(sent.originals.bravo5678!.messageId);
      },
      SLOW_MS,
    );
  });
});
