import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { test } from '#server/testing/fixtures';
import { bearer } from '#server/testing/test-app';
import { FAST_DELIVERY, HUB_PASSWORD, seedVendors } from '#server/testing/send-fixtures';

export const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.map((entry) => entry.address));

/** An app mailing through the SMTP sink, with its own DATA_DIR and fast delivery; `token` is the admin's, with the vendors already set up. */
export const sendingTest = test
  .extend('env', ({ dataDir, smtp }): Record<string, string> => ({
    DATA_DIR: dataDir,
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: smtp.url,
    HUB_PASSWORD,
  }))
  .extend('appDeps', { delivery: FAST_DELIVERY })
  .extend('token', { auto: true }, async ({ app, admin }) => {
    await seedVendors(app, admin);
    return admin;
  });

/** The send routes' helpers: the user's first name, a send as the admin, the messages an address received. */
export const it = sendingTest
  .extend(
    'firstName',
    async ({ t, token }) =>
      (await t.app.inject({ method: 'GET', url: '/api/user/first-name', headers: bearer(token) })).json()
        .firstName as string,
  )
  .extend(
    'send',
    ({ t, token }) =>
      (payload: unknown, headers: Record<string, string> = {}) =>
        t.app.inject({
          method: 'POST',
          url: '/api/send-email-consolidated',
          headers: { ...bearer(token), ...headers },
          payload: payload as object,
        }),
  )
  .extend('receivedBy', ({ smtp }) => async (address: string): Promise<ParsedMail[]> => {
    const parsed = await Promise.all(smtp.received.map((message) => simpleParser(message.raw)));
    return parsed.filter((mail) => addresses(mail.to).includes(address));
  });
