import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { deploymentTracking, emailDeliveries } from '#server/db/schema';
import { FAST_DELIVERY, queueDrained, sendBodyFor } from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';
import { mailTo, tokenOf, vendorCall } from '#server/testing/tracking-fixtures';
import { SET_ASIDE_MS } from './reminders';
import {
  ACTIONS,
  addressesOf,
  HOUR,
  it,
  remindersDelivered,
  remindersIn,
  TIMEOUT_MS,
  VENDOR_ADDRESS,
} from './reminders-fixtures';

describe('reminders (issue 14 item 5)', () => {
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
                sendId: emailDeliveries.sendId,
                vendorId: emailDeliveries.vendorId,
                key: emailDeliveries.followUpKey,
              })
              .from(emailDeliveries)
              .where(eq(emailDeliveries.kind, 'reminder'))
          )
            .map((row) => `${row.sendId === sent.sendId ? 'first' : 'second'} ${row.vendorId} ${row.key}`)
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
          .where(eq(deploymentTracking.sendId, sent.sendId))
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
});

describe('reminders across instances', () => {
  it(
    'two instances sweeping the same database at once queue and deliver one reminder per vendor',
    async ({ t, app, env, smtp, startApp, sent }) => {
      expect(sent.sendId).toBeGreaterThan(0);
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
