import { describe, expect } from 'vitest';
import { ADMIN_EMAIL, createTestApp, register, type TestContext } from '../testing/test-app';
import { FAST_DELIVERY, VENDORS, eventually, seedVendors } from '../testing/send-fixtures';
import { startS3Server } from '../testing/s3-server';
import { startSmtp } from '../testing/switchable-smtp-server';
import {
  RESTART_TIMEOUT_MS,
  allSettled,
  deliveryTest,
  logsAs,
  sendAs,
  type LogEntry,
} from '../testing/delivery-fixtures';

const it = deliveryTest;

describe('delivery queue: a mail server or file store that was away', () => {
  it(
    'sends the messages held while the mail server was away as soon as it answers again, not after their back-off',
    async ({ dataDir }) => {
      const server = await startSmtp(0);
      let t: TestContext | undefined;
      try {
        // A back-off far longer than the test: only the probe can bring the messages forward.
        const delivery = {
          ...FAST_DELIVERY,
          baseDelayMs: 600_000,
          maxDelayMs: 600_000,
          probeIntervalMs: 200,
          firstAttemptWaitMs: 10_000,
        };
        t = await createTestApp({ DATA_DIR: dataDir, MAIL_TRANSPORT: 'smtp', SMTP_URL: server.url }, undefined, {
          delivery,
        });
        const { app } = t;
        const token = await register(app, ADMIN_EMAIL);
        await seedVendors(app, token);
        server.refuse();
        const response = await sendAs(token)(app);
        expect(response.json()).toMatchObject({ mailed: 0, pending: 3 });
        const [held] = await logsAs(token)(app);
        expect(held!.deliveries.map((delivery) => delivery.error)).toEqual(
          VENDORS.map(() => expect.stringMatching(/^Could not reach the mail server/)),
        );

        await server.accept();
        const [entry] = await eventually(() => logsAs(token)(app), allSettled, 10_000);
        expect(entry!.deliveries.map((delivery) => [delivery.status, delivery.attempts])).toEqual(
          VENDORS.map(() => ['sent', 2]),
        );
      } finally {
        // The app first: the server waits for the pool's open connections when it closes.
        await t?.close();
        await server.close();
      }
    },
    RESTART_TIMEOUT_MS,
  );

  it(
    'sends the messages held while the file store was away as soon as it answers again, not after their back-off',
    async ({ dataDir }) => {
      const server = await startSmtp(0);
      const s3 = await startS3Server('dispatch-held');
      let t: TestContext | undefined;
      try {
        // A back-off far longer than the test: only the probes can bring the messages forward.
        const delivery = {
          ...FAST_DELIVERY,
          baseDelayMs: 600_000,
          maxDelayMs: 600_000,
          probeIntervalMs: 200,
          firstAttemptWaitMs: 10_000,
        };
        t = await createTestApp(
          { DATA_DIR: dataDir, MAIL_TRANSPORT: 'smtp', SMTP_URL: server.url, ...s3.env },
          undefined,
          { delivery },
        );
        const { app } = t;
        const token = await register(app, ADMIN_EMAIL);
        await seedVendors(app, token);
        // The messages are stored in the bucket, then held for the mail server; the bucket goes away before it is back.
        server.refuse();
        expect((await sendAs(token)(app)).json()).toMatchObject({ mailed: 0, pending: 3 });
        await s3.stop();
        await server.accept();
        const errors = (entries: LogEntry[]) => entries[0]!.deliveries.map((each) => each.error ?? '');
        await eventually(
          () => logsAs(token)(app),
          (entries) =>
            errors(entries).every((error) =>
              /^Could not prepare the message: The S3 bucket .* could not be reached/.test(error),
            ),
          10_000,
        );
        const [waiting] = await logsAs(token)(app);
        expect(waiting!.deliveries.map((each) => [each.status, each.attempts])).toEqual(
          VENDORS.map(() => ['pending', 2]),
        );

        await s3.start();
        const [entry] = await eventually(() => logsAs(token)(app), allSettled, 10_000);
        expect(entry!.deliveries.map((each) => [each.status, each.attempts])).toEqual(VENDORS.map(() => ['sent', 3]));
      } finally {
        await t?.close();
        await server.close();
        await s3.close();
      }
    },
    RESTART_TIMEOUT_MS,
  );
});
