import { asc, eq, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { describe, expect } from 'vitest';
import { deploymentTracking, emailDeliveries } from '#server/db/schema';
import { FAST_DELIVERY, eventually, queueDrained, sendBodyFor, vendorPageLinkIn } from '#server/testing/send-fixtures';
import type { SmtpSink } from '#server/testing/smtp-sink';
import { bearer, type TestContext } from '#server/testing/test-app';
import { mailTo, tokenOf, trackingTest, vendorCall } from '#server/testing/tracking-fixtures';
import { SET_ASIDE_MS } from './reminders';

const HOUR = 3_600_000;
/** Sends, sweeps and deliveries through a real SMTP server: more than the default 20 s on a busy machine. */
const TIMEOUT_MS = 90_000;
const ACTIONS = '/api/vendor-page/actions';

/**
 * The queue runs on the app's test clock here (not FAST_DELIVERY's real one), so a message's 'sent' time and the
 * reminder delay are on the clock the test moves; reminders are swept by hand unless a test says otherwise.
 */
const it = trackingTest.extend('appDeps', {
  delivery: { ...FAST_DELIVERY, clock: undefined },
  reminders: { autoStart: false },
});

const VENDOR_ADDRESS: Record<string, string> = {
  acme1234: 'ops@acme.test',
  bravo5678: 'team@bravo.test',
  carta9012: 'hello@carta.test',
};

/** The reminders the SMTP sink received (follow-ups answering another message), parsed. */
async function remindersIn(smtp: SmtpSink): Promise<ParsedMail[]> {
  const parsed = await Promise.all(smtp.received.map((message) => simpleParser(message.raw)));
  return parsed.filter((mail) => mail.inReplyTo !== undefined && /reminder/i.test(mail.text ?? ''));
}

const addressesOf = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((group) =>
    group.value.map((entry) => entry.address),
  );

type LogDelivery = { vendorId: string; tracking: { remindedAt: string | null } | null };
async function remindedAt(t: TestContext, token: string, logId: number): Promise<Record<string, string | null>> {
  const entries = (await t.app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(token) })).json() as {
    id: number;
    deliveries: LogDelivery[];
  }[];
  const entry = entries.find((candidate) => candidate.id === logId)!;
  return Object.fromEntries(
    entry.deliveries.map((delivery) => [delivery.vendorId, delivery.tracking?.remindedAt ?? null]),
  );
}

/** Waits until the sink holds at least `count` reminders (what may still follow is counted after `queueDrained`). */
const remindersDelivered = (smtp: SmtpSink, count: number) =>
  eventually(
    () => remindersIn(smtp),
    (mails) => mails.length >= count,
  );

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
      const times = await remindedAt(t, admin, sent.logId);
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
      expect((await remindedAt(t, admin, sent.logId)).acme1234).toBe(t.clock.now().toISOString());

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
        url: `/api/email-logs/${sent.logId}/reminders`,
        headers: bearer(member),
        payload: { enabled: false },
      });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toEqual({ id: sent.logId, remindersEnabled: false });
      const entries = (await app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(admin) })).json() as {
        id: number;
        remindersEnabled: boolean;
      }[];
      expect(entries.map((entry) => [entry.id, entry.remindersEnabled])).toEqual([
        [quiet.json().id, false],
        [sent.logId, false],
      ]);
      t.clock.advance(48 * HOUR);
      expect(await app.reminders.runNow()).toBe(0);

      // On again, but with Carta's link turned off: only Acme and Bravo of the first send.
      // Both by the sender (here an admin): only the sender or an admin may.
      await app.inject({
        method: 'POST',
        url: `/api/email-logs/${sent.logId}/deliveries/carta9012/revoke-link`,
        headers: bearer(admin),
      });
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: `/api/email-logs/${sent.logId}/reminders`,
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

  it(
    'refuses a reminders setting or a send option that is not true or false, and an unknown send',
    async ({ app, member, sent }) => {
      const bad = await app.inject({
        method: 'PUT',
        url: `/api/email-logs/${sent.logId}/reminders`,
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
            url: `/api/email-logs/${sent.logId}/reminders`,
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

  describe('with a sweep of 2 deliveries at most', () => {
    it.override('appDeps', {
      delivery: { ...FAST_DELIVERY, clock: undefined },
      reminders: { autoStart: false, batchSize: 2 },
    });
    it(
      'reaches newer deliveries past more already-reminded ones than the batch holds, of either kind',
      async ({ t, app, admin, sent }) => {
        const keys = async () =>
          (
            await t.database.db
              .select({
                logId: emailDeliveries.logId,
                vendorId: emailDeliveries.vendorId,
                key: emailDeliveries.followUpKey,
              })
              .from(emailDeliveries)
              .where(eq(emailDeliveries.kind, 'reminder'))
          )
            .map((row) => `${row.logId === sent.logId ? 'first' : 'second'} ${row.vendorId} ${row.key}`)
            .sort();
        // Three silent vendors, two per sweep: the third is reached by the next sweep, not blocked by the two reminded.
        t.clock.advance(24 * HOUR);
        expect(await app.reminders.runNow()).toBe(2);
        expect(await app.reminders.runNow()).toBe(1);
        expect(await app.reminders.runNow()).toBe(0);
        // All three then schedule (New York 2026-03-11 10:00, an hour ago) and go quiet: one 'overdue' reminder each.
        for (const vendorId of Object.keys(VENDOR_ADDRESS)) {
          const schedule = {
            action: 'scheduled',
            segment: 'Spring donors',
            plannedQuantity: 1000,
            date: '2026-03-11',
            time: '10:00',
          };
          expect((await vendorCall(app, tokenOf(sent.links[vendorId]!), 'POST', ACTIONS, schedule)).statusCode).toBe(
            200,
          );
        }
        t.clock.advance(24 * HOUR);
        expect(await app.reminders.runNow()).toBe(2);
        expect(await app.reminders.runNow()).toBe(1);
        expect(await app.reminders.runNow()).toBe(0);

        // A newer send: its silent vendor is reminded although six older reminded deliveries have lower ids.
        const second = await app.inject({
          method: 'POST',
          url: '/api/send-email-consolidated',
          headers: bearer(admin),
          payload: sendBodyFor(['bravo5678']) as object,
        });
        expect(second.statusCode, second.body).toBe(200);
        t.clock.advance(24 * HOUR);
        expect(await app.reminders.runNow()).toBe(1);
        expect(await app.reminders.runNow()).toBe(0);
        expect(await keys()).toEqual([
          'first acme1234 reminder:overdue',
          'first acme1234 reminder:unacknowledged',
          'first bravo5678 reminder:overdue',
          'first bravo5678 reminder:unacknowledged',
          'first carta9012 reminder:overdue',
          'first carta9012 reminder:unacknowledged',
          'second bravo5678 reminder:unacknowledged',
        ]);
      },
      TIMEOUT_MS,
    );
  });

  describe('with a sweep of 2 deliveries at most, and two whose reminder cannot be made', () => {
    it.override('appDeps', {
      delivery: { ...FAST_DELIVERY, clock: undefined },
      reminders: { autoStart: false, batchSize: 2 },
    });
    it(
      'sets those two aside for a while, so the third vendor is still reminded, and tries them again after',
      async ({ t, app, sent }) => {
        const tracked = await t.database.db
          .select({
            deliveryId: deploymentTracking.deliveryId,
            vendorId: emailDeliveries.vendorId,
            content: deploymentTracking.content,
          })
          .from(deploymentTracking)
          .innerJoin(emailDeliveries, eq(emailDeliveries.id, deploymentTracking.deliveryId))
          .where(eq(deploymentTracking.logId, sent.logId))
          .orderBy(asc(deploymentTracking.deliveryId));
        expect(tracked.map((row) => row.vendorId)).toEqual(['acme1234', 'bravo5678', 'carta9012']);
        // The two lowest ids lose what a reply is made from (the original's subject): their reminders throw.
        const broken = tracked.slice(0, 2);
        await t.database.db.execute(
          sql`update deployment_tracking set content = 'null'::jsonb where delivery_id in (${broken[0]!.deliveryId}, ${broken[1]!.deliveryId})`,
        );
        const reminded = async () =>
          (
            await t.database.db
              .select({ vendorId: emailDeliveries.vendorId })
              .from(emailDeliveries)
              .where(eq(emailDeliveries.kind, 'reminder'))
          )
            .map((row) => row.vendorId)
            .sort();

        t.clock.advance(24 * HOUR);
        expect(await app.reminders.runNow()).toBe(0);
        // Without the set-aside, the two broken ones would fill this batch and every later one.
        expect(await app.reminders.runNow()).toBe(1);
        expect(await reminded()).toEqual(['carta9012']);
        expect(await app.reminders.runNow()).toBe(0);

        // Repaired, they are tried again once the set-aside ends, not before.
        for (const row of broken)
          await t.database.db
            .update(deploymentTracking)
            .set({ content: row.content })
            .where(eq(deploymentTracking.deliveryId, row.deliveryId));
        t.clock.advance(SET_ASIDE_MS - 1_000);
        expect(await app.reminders.runNow()).toBe(0);
        t.clock.advance(1_000);
        expect(await app.reminders.runNow()).toBe(2);
        expect(await reminded()).toEqual(['acme1234', 'bravo5678', 'carta9012']);
      },
      TIMEOUT_MS,
    );
  });

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
        expect(sent.logId).toBeGreaterThan(0);
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

describe('reminders across instances', () => {
  it(
    'two instances sweeping the same database at once queue and deliver one reminder per vendor',
    async ({ t, app, env, smtp, startApp, sent }) => {
      expect(sent.logId).toBeGreaterThan(0);
      // A second instance on the same database and file store, its timer sweeping every 10 ms, as the first's does.
      const second = await startApp(env, t.database, {
        delivery: { ...FAST_DELIVERY, clock: undefined },
        reminders: { everyMs: 10 },
      });
      await second.app.ready();
      second.clock.advance(24 * HOUR);
      t.clock.advance(24 * HOUR);
      // Both at once, by hand and by the second's timer, several times over.
      for (let round = 0; round < 4; round++)
        await Promise.all([app.reminders.runNow(), second.app.reminders.runNow()]);
      const queued = await t.database.db
        .select({ vendorId: emailDeliveries.vendorId, key: emailDeliveries.followUpKey })
        .from(emailDeliveries)
        .where(eq(emailDeliveries.kind, 'reminder'));
      expect(queued.map((row) => `${row.vendorId} ${row.key}`).sort()).toEqual([
        'acme1234 reminder:unacknowledged',
        'bravo5678 reminder:unacknowledged',
        'carta9012 reminder:unacknowledged',
      ]);
      await remindersDelivered(smtp, 3);
      // Nothing else queued by either instance is left to go out.
      await queueDrained(t.database.db);
      const reminders = await remindersIn(smtp);
      expect(reminders.map((mail) => addressesOf(mail)[0]).sort()).toEqual([
        'hello@carta.test',
        'ops@acme.test',
        'team@bravo.test',
      ]);
      for (const vendorId of Object.keys(VENDOR_ADDRESS))
        expect(await mailTo(smtp, VENDOR_ADDRESS[vendorId]!)).toHaveLength(2);
    },
    TIMEOUT_MS,
  );
});
