import { describe, expect } from 'vitest';
import { sendBodyFor } from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';
import { HOUR, it, remindersDelivered, TIMEOUT_MS } from './reminders-fixtures';

describe('reminders (issue 14 item 5)', () => {
  it(
    'refuses a reminders setting or a send option that is not true or false, and an unknown send',
    async ({ app, member, sent }) => {
      const bad = await app.inject({
        method: 'PUT',
        url: `/api/email-logs/${sent.sendId}/reminders`,
        headers: bearer(member),
        payload: { enabled: 'no' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('enabled must be true or false');
      const unknown = await app.inject({
        method: 'PUT',
        url: '/api/email-logs/999999/reminders',
        headers: bearer(member),
        payload: { enabled: false },
      });
      expect(unknown.statusCode).toBe(404);
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: `/api/email-logs/${sent.sendId}/reminders`,
            payload: { enabled: false },
          })
        ).statusCode,
      ).toBe(401);
      const send = await app.inject({
        method: 'POST',
        url: '/api/send-email-consolidated',
        headers: bearer(member),
        payload: sendBodyFor(['acme1234'], { sendReminders: 'yes' as unknown as boolean }) as object,
      });
      expect(send.statusCode).toBe(400);
      expect(send.json().message).toMatch(/^sendReminders must be true or false/);
    },
    TIMEOUT_MS,
  );

  describe('with VENDOR_LINKS=off', () => {
    it.override('env', ({ dataDir, smtp }) => ({
      DATA_DIR: dataDir,
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: smtp.url,
      VENDOR_LINKS: 'off',
    }));
    it(
      'sends none: a vendor without a link has no way to report, so every one would be reminded',
      async ({ t, app, sent }) => {
        expect(sent.links).toEqual({ acme1234: null, bravo5678: null, carta9012: null });
        t.clock.advance(48 * HOUR);
        expect(await app.reminders.runNow()).toBe(0);
      },
      TIMEOUT_MS,
    );
  });

  describe('with VENDOR_REMINDER_HOURS=2', () => {
    it.override('env', ({ dataDir, smtp }) => ({
      DATA_DIR: dataDir,
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: smtp.url,
      VENDOR_REMINDER_HOURS: '2',
    }));
    it(
      'reminds after that delay',
      async ({ t, app, smtp, sent }) => {
        expect(sent.sendId).toBeGreaterThan(0);
        t.clock.advance(2 * HOUR - 60_000);
        expect(await app.reminders.runNow()).toBe(0);
        t.clock.advance(60_000);
        expect(await app.reminders.runNow()).toBe(3);
        expect(await remindersDelivered(smtp, 3)).toHaveLength(3);
      },
      TIMEOUT_MS,
    );
  });
});
