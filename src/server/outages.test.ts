import { describe, expect } from 'vitest';
import { openDatabase, type Database } from './db/client';
import type { DeliveryOptions } from './mail/deliveries';
import { test } from './testing/fixtures';
import { captureLogs } from './testing/log-capture';
import {
  FAST_DELIVERY,
  VENDORS,
  eventually,
  seedVendors,
  sendBodyFor,
  temporaryDataDir,
} from './testing/send-fixtures';
import { startServer } from './testing/server-process';
import type { SmtpSink } from './testing/smtp-sink';
import { startTcpProxy, type TcpProxy } from './testing/tcp-proxy';
import {
  ADMIN_EMAIL,
  bearer,
  createRestartableDatabase,
  createTestApp,
  register,
  type TestContext,
} from './testing/test-app';

/** These tests start apps or a server process on a database of their own. */
const OUTAGE_TIMEOUT_MS = 180_000;

const it = test;
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

/** A database of its own on the test PostgreSQL server, reached through a proxy the test can cut. */
async function databaseBehindProxy() {
  const restartable = await createRestartableDatabase();
  const url = new URL(restartable.url!);
  const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
  url.port = String(proxy.port);
  return {
    url: url.toString(),
    proxy,
    async cleanup() {
      await proxy.close();
      await restartable.cleanup();
    },
  };
}

const sendBody = sendBodyFor() as object;

/**
 * An app mailing through `smtp` on a database behind a proxy the test can cut, its log captured, with the admin signed
 * up and the vendors in place; everything is closed after `run`.
 */
async function withAppBehindProxy(
  options: { dataDir: string; smtp: SmtpSink; delivery: DeliveryOptions },
  run: (context: {
    app: TestContext['app'];
    token: string;
    proxy: TcpProxy;
    logs: ReturnType<typeof captureLogs>;
  }) => Promise<void>,
) {
  const behind = await databaseBehindProxy();
  const logs = captureLogs();
  let database: Database | undefined;
  let t: TestContext | undefined;
  try {
    database = await openDatabase({ kind: 'postgres', url: behind.url });
    t = await createTestApp(
      { DATA_DIR: options.dataDir, MAIL_TRANSPORT: 'smtp', SMTP_URL: options.smtp.url },
      database,
      {
        delivery: options.delivery,
        logger: { level: 'info', stream: logs.stream },
      },
    );
    const token = await register(t.app, ADMIN_EMAIL);
    await seedVendors(t.app, token);
    await run({ app: t.app, token, proxy: behind.proxy, logs });
  } finally {
    await t?.app.close();
    await database?.close();
    await behind.cleanup();
  }
}

describe.skipIf(!onPostgres)('the database going away (PostgreSQL)', () => {
  it(
    'answers 503 with Retry-After and a message, the worker backs off and resumes, and every message goes out once',
    async ({ smtp, dataDir }) => {
      const delivery = {
        ...FAST_DELIVERY,
        baseDelayMs: 100,
        maxDelayMs: 100,
        maxAttempts: 100,
        pollIntervalMs: 100,
        firstAttemptWaitMs: 0,
      };
      await withAppBehindProxy({ dataDir, smtp, delivery }, async ({ app, token, proxy, logs }) => {
        // The mail server says 'later' until the outage is over: the messages wait in the queue through it.
        smtp.answer = () => ({ kind: 'refuse', code: 451, message: 'Try again later' });
        const accepted = await app.inject({
          method: 'POST',
          url: '/api/send-email-consolidated',
          headers: bearer(token),
          payload: sendBody,
        });
        expect(accepted.json()).toMatchObject({ pending: 3 });

        await proxy.cut();
        const passFailures = () => logs.entries().filter((entry) => entry.msg === 'delivery queue pass failed');
        await eventually(
          async () => passFailures().length,
          (count) => count >= 3,
        );
        // Waiting longer after each failed pass.
        const waits = passFailures().map((entry) => entry.retryInMs as number);
        expect(waits[2]!).toBeGreaterThan(waits[0]!);

        const read = await app.inject({ method: 'GET', url: '/api/vendors', headers: bearer(token) });
        expect(read.statusCode).toBe(503);
        expect(read.headers['retry-after']).toBe('5');
        expect(read.json()).toEqual({
          message: 'The database cannot be reached right now. Please try again in a few seconds.',
          code: 'unavailable',
        });
        const refused = await app.inject({
          method: 'POST',
          url: '/api/send-email-consolidated',
          headers: bearer(token),
          payload: sendBody,
        });
        expect(refused.statusCode).toBe(503);
        expect(logs.entries().some((entry) => entry.msg === 'the database is unavailable')).toBe(true);

        smtp.answer = undefined;
        await proxy.restore();
        const list = () =>
          app
            .inject({ method: 'GET', url: '/api/email-logs', headers: bearer(token) })
            .then((response) => response.json());
        const entries = await eventually(
          list,
          (value) =>
            Array.isArray(value) && value[0]?.deliveries.every((item: { status: string }) => item.status === 'sent'),
          30_000,
        );
        // The refused send wrote nothing; the accepted one went out, each message once.
        expect(entries).toHaveLength(1);
        for (const vendor of VENDORS)
          expect(smtp.received.filter((message) => message.to.includes(vendor.emails[0])).length).toBe(1);
        expect(logs.entries().some((entry) => entry.msg === 'delivery queue resumed')).toBe(true);
      });
    },
    OUTAGE_TIMEOUT_MS,
  );

  it(
    "gives back a claim whose answer was lost with the connection: each message goes out once, none is called 'uncertain'",
    async ({ smtp, dataDir }) => {
      // The default lease (60 s): a claim left 'sending' would hold its messages past the wait below.
      await withAppBehindProxy(
        { dataDir, smtp, delivery: { ...FAST_DELIVERY, firstAttemptWaitMs: 0 } },
        async ({ app, token, proxy, logs }) => {
          // The worker's claim of the send's messages commits in the database; its answer (rows with the vendors' addresses) never comes back.
          const lost = proxy.loseAnswer(/skip locked/i, /acme\.test/);
          const accepted = await app.inject({
            method: 'POST',
            url: '/api/send-email-consolidated',
            headers: bearer(token),
            payload: sendBody,
          });
          expect(accepted.statusCode).toBe(200);
          await lost;

          const list = () =>
            app
              .inject({ method: 'GET', url: '/api/email-logs', headers: bearer(token) })
              .then((response) => response.json());
          const entries = await eventually(
            list,
            (value) =>
              Array.isArray(value) && value[0]?.deliveries.every((item: { status: string }) => item.status === 'sent'),
            20_000,
          );
          expect(entries[0].deliveries.map((item: { status: string }) => item.status)).toEqual(
            VENDORS.map(() => 'sent'),
          );
          for (const vendor of VENDORS)
            expect(smtp.received.filter((message) => message.to.includes(vendor.emails[0])).length).toBe(1);
          expect(
            logs.entries().some((entry) => entry.msg === 'claims whose answer was lost were put back in the queue'),
          ).toBe(true);
        },
      );
    },
    OUTAGE_TIMEOUT_MS,
  );

  it(
    'a server process rides out the outage: 503s while it lasts, answers again after, never exits',
    async () => {
      const behind = await databaseBehindProxy();
      const data = temporaryDataDir();
      try {
        const server = await startServer({ DATA_DIR: data.dir, DATABASE_URL: behind.url, LOG_LEVEL: 'info' });
        const running = await server.line(
          (line) => typeof line.msg === 'string' && line.msg.startsWith('Dispatch is running'),
        );
        const base = running.address as string;
        const signIn = () =>
          fetch(`${base}/api/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'nobody@agency.test', password: 'not the password' }),
          });
        expect((await signIn()).status).toBe(401);

        await behind.proxy.cut();
        const during = await signIn();
        expect(during.status).toBe(503);
        expect(during.headers.get('retry-after')).toBe('5');
        expect((await during.json()).message).toMatch(/database cannot be reached/);
        // The delivery worker's passes fail meanwhile; the process stays up through them.
        await server.line((line) => line.msg === 'delivery queue pass failed');
        expect(server.child.exitCode).toBeNull();

        await behind.proxy.restore();
        const after = await eventually(signIn, (response) => response.status !== 503, 30_000);
        expect(after.status).toBe(401);
        expect(server.child.exitCode).toBeNull();
        server.child.kill('SIGTERM');
        expect(await server.exitCode(), server.output()).toBe(0);
      } finally {
        data.remove();
        await behind.cleanup();
      }
    },
    OUTAGE_TIMEOUT_MS,
  );
});
