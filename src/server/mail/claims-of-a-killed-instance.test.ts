import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailDeliveries } from '../db/schema';
import { startServer } from '../testing/server-process';
import { FAST_DELIVERY, eventually, sendBodyFor, temporaryDataDir } from '../testing/send-fixtures';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink';
import { ADMIN_EMAIL, bearer, createRestartableDatabase, createTestApp, register } from '../testing/test-app';

/**
 * An instance killed while it holds claims: as many messages at the mail server as its concurrency (5, never answered),
 * and as many more claimed ahead, waiting for a slot. Only those handed to the mail server may have gone out.
 */
describe('an instance killed (SIGKILL) while claims wait', () => {
  const VENDOR_COUNT = 15;
  const CONCURRENCY = 5;
  const data = temporaryDataDir();
  let database: Awaited<ReturnType<typeof createRestartableDatabase>>;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    database = await createRestartableDatabase({ pgliteDir: `${data.dir}/db` });
  });

  afterAll(async () => {
    await smtp?.close();
    await database?.cleanup();
    data.remove();
  });

  it("leaves 'uncertain' only the messages it handed to the mail server; another instance sends every other one, once", async () => {
    const env = { DATA_DIR: data.dir, MAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.url };
    // A send to many vendors, queued by an app whose worker does not run.
    const seeding = await createTestApp(env, await database.open(), {
      delivery: { ...FAST_DELIVERY, autoStart: false, firstAttemptWaitMs: 0 },
    });
    try {
      const token = await register(seeding.app, ADMIN_EMAIL);
      const vendorIds = Array.from({ length: VENDOR_COUNT }, (_, index) => `kill${1000 + index}`);
      for (const [index, vendorId] of vendorIds.entries()) {
        const payload = { vendorId, name: `Vendor ${index}`, emails: [`orders${index}@vendor.test`] };
        const created = await seeding.app.inject({
          method: 'POST',
          url: '/api/vendors',
          headers: bearer(token),
          payload: { ...payload, defaultUtmSource: vendorId },
        });
        expect(created.statusCode, created.body).toBe(201);
      }
      const sent = await seeding.app.inject({
        method: 'POST',
        url: '/api/send-email-consolidated',
        headers: bearer(token),
        payload: sendBodyFor(vendorIds) as object,
      });
      expect(sent.json()).toMatchObject({ pending: VENDOR_COUNT });
    } finally {
      await seeding.close();
    }

    // The mail server reads each message and never answers: what reached it is what the instance handed over.
    const reachedServer: string[] = [];
    smtp.answer = (message) => {
      reachedServer.push(...message.to);
      return { kind: 'hang' };
    };
    const server = await startServer({
      ...env,
      LOG_LEVEL: 'info',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    });
    await server.line((line) => typeof line.msg === 'string' && line.msg.startsWith('Dispatch is running'));
    // Its first claim took as many as its slots and its claims ahead (the queue had more); the slots are full.
    await eventually(
      async () => smtp.attempts,
      (attempts) => attempts === CONCURRENCY,
      120_000,
    );
    server.child.kill('SIGKILL');
    await server.exited;
    smtp.answer = undefined;

    // Another instance, whose clock is past every lease the dead one took (60 s by default).
    const live = await createTestApp(env, await database.open(), {
      delivery: { ...FAST_DELIVERY, clock: { now: () => new Date(Date.now() + 2 * 60_000) }, firstAttemptWaitMs: 0 },
    });
    try {
      await live.app.ready();
      const rows = await eventually(
        () =>
          live.database.db
            .select({
              status: emailDeliveries.status,
              to: emailDeliveries.toAddresses,
              attempts: emailDeliveries.attempts,
              handedOverAt: emailDeliveries.handedOverAt,
            })
            .from(emailDeliveries)
            .orderBy(asc(emailDeliveries.id)),
        (list) => list.every((row) => row.status !== 'pending' && row.status !== 'sending'),
        120_000,
      );
      const uncertain = rows.filter((row) => row.status === 'uncertain');
      const others = rows.filter((row) => row.status !== 'uncertain');
      expect(reachedServer).toHaveLength(CONCURRENCY);
      // 'uncertain': exactly the messages the mail server got from the dead instance, each marked as handed over.
      expect(uncertain.flatMap((row) => row.to).sort()).toEqual([...reachedServer].sort());
      expect(uncertain.every((row) => row.handedOverAt !== null)).toBe(true);
      // Every other message, the ones it had claimed and never handed over included, was sent once, by the live one.
      expect(others.map((row) => row.status)).toEqual(Array(VENDOR_COUNT - CONCURRENCY).fill('sent'));
      expect(others.every((row) => row.attempts === 1)).toBe(true);
      const receivedTo = smtp.received.flatMap((message) => message.to).sort();
      expect(receivedTo).toEqual(others.flatMap((row) => row.to).sort());
    } finally {
      await live.close();
    }
  }, 300_000);
});
