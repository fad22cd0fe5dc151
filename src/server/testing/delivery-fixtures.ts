import { test } from './fixtures';
import { FAST_DELIVERY, VENDORS, seedVendors, sendBodyFor } from './send-fixtures';
import { bearer, type TestContext } from './test-app';

/** The delivery queue's tests (src/server/mail): an app mailing through the SMTP sink, sends and the log read back. */

/** Tests that start PGlite databases in folders (initdb each time) and restart apps: more than the default 20 s. */
export const RESTART_TIMEOUT_MS = 90_000;

export const sendAs = (token: string) => (app: TestContext['app'], vendorIds?: string[]) =>
  app.inject({
    method: 'POST',
    url: '/api/send-email-consolidated',
    headers: bearer(token),
    payload: sendBodyFor(vendorIds) as object,
  });

export type LogEntry = {
  id: number;
  deliveries: { vendorId: string; status: string; error: string | null; attempts: number; sentAt: string | null }[];
};
export const logsAs =
  (token: string) =>
  async (app: TestContext['app']): Promise<LogEntry[]> =>
    (await app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(token) })).json();
export const allSettled = (entries: LogEntry[]) =>
  entries.every((entry) => entry.deliveries.every((delivery) => delivery.status !== 'pending'));

/** An app mailing through the SMTP sink. */
export const smtpTest = test.extend('env', ({ dataDir, smtp }): Record<string, string> => ({
  DATA_DIR: dataDir,
  MAIL_TRANSPORT: 'smtp',
  SMTP_URL: smtp.url,
}));

/** An app mailing through the SMTP sink with fast delivery; `token` is the admin's, with the vendors already set up. */
export const deliveryTest = smtpTest
  .extend('appDeps', { delivery: FAST_DELIVERY })
  .extend('token', async ({ app, admin }) => {
    await seedVendors(app, admin);
    return admin;
  })
  .extend('send', ({ token }) => sendAs(token))
  .extend('logs', ({ token }) => logsAs(token))
  /** Messages each vendor's first address received. */
  .extend(
    'mailsPerVendor',
    ({ smtp }) =>
      () =>
        VENDORS.map((vendor) => smtp.received.filter((message) => message.to.includes(vendor.emails[0])).length),
  );
