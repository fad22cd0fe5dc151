import { and, eq, ne } from 'drizzle-orm';
import type { AddressObject, ParsedMail } from 'mailparser';
import { emailDeliveries } from '#server/db/schema';
import { test } from '#server/testing/fixtures';
import { FAST_DELIVERY, eventually, seedVendors, sendBodyFor, vendorPageLinkIn } from '#server/testing/send-fixtures';
import { addAndRegister, bearer, type TestContext } from '#server/testing/test-app';
import { mailTo, tokenOf } from '#server/testing/tracking-fixtures';

/** The sender signs as 'Dana', the colleague as 'Lee', the admin as 'Admin' (first names from their addresses). */
export const SENDER = 'dana@agency.test';
export const COLLEAGUE = 'lee@agency.test';
export const ADDRESS: Record<string, string> = {
  acme1234: 'ops@acme.test',
  bravo5678: 'team@bravo.test',
  carta9012: 'hello@carta.test',
};
export const ACTIONS = '/api/vendor-page/actions';
export const HOUR = 3_600_000;
/** Three registrations (argon2), a send and replies through a real SMTP server: more than the default 20 s on a busy machine. */
export const SLOW_MS = 90_000;

export const refusal = (action: string) => `Only the person who made this send, or an admin, can ${action}.`;
export const deliveryUrl = (sendId: number, vendorId: string, action: string) =>
  `/api/email-logs/${sendId}/deliveries/${vendorId}/${action}`;
export const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.map((entry) => entry.address));
/** The last paragraph before the end of a follow-up's text: its signature. */
export const signatureOf = (mail: ParsedMail) => mail.text?.trim().split('\n\n').at(-1);

/**
 * An app mailing through the SMTP sink; the admin set up the vendors and two members; one of them (the sender) sent
 * to every test vendor. `sent` has the send's id, each vendor's link and its original message as the SMTP server got it.
 */
export const it = test
  .extend('env', ({ dataDir, smtp }): Record<string, string> => ({
    DATA_DIR: dataDir,
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: smtp.url,
  }))
  .extend('appDeps', { delivery: FAST_DELIVERY })
  .extend('users', { auto: true }, async ({ app, admin }) => {
    await seedVendors(app, admin);
    return { sender: await addAndRegister(app, admin, SENDER), colleague: await addAndRegister(app, admin, COLLEAGUE) };
  })
  .extend('sender', ({ users }) => users.sender)
  .extend('colleague', ({ users }) => users.colleague)
  .extend('sent', async ({ app, sender, smtp }) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/send-email-consolidated',
      headers: bearer(sender),
      payload: sendBodyFor() as object,
    });
    if (response.statusCode !== 200) throw new Error(`send: ${response.statusCode} ${response.body}`);
    const originals: Record<string, ParsedMail> = {};
    for (const [vendorId, address] of Object.entries(ADDRESS)) {
      originals[vendorId] = (
        await eventually(
          () => mailTo(smtp, address),
          (found) => found.length === 1,
        )
      )[0]!;
    }
    const links = Object.fromEntries(
      Object.entries(originals).map(([vendorId, mail]) => [vendorId, tokenOf(vendorPageLinkIn(mail.text)!)]),
    );
    return { sendId: response.json().id as number, links, originals };
  })
  .extend(
    'as',
    ({ app }) =>
      (token: string | null, method: 'POST' | 'PUT', url: string, payload?: unknown) =>
        app.inject({
          method,
          url,
          headers: token === null ? {} : bearer(token),
          ...(payload === undefined ? {} : { payload: payload as object }),
        }),
  );

/** Follow-ups (replies, reminders) queued for a send: none may be queued by a refused request. */
export async function followUpsOf(t: TestContext, sendId: number) {
  return t.database.db
    .select({ kind: emailDeliveries.kind })
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.sendId, sendId), ne(emailDeliveries.kind, 'send')));
}

/** The replies a vendor got (its messages other than the send's). */
export const repliesTo = (smtp: Parameters<typeof mailTo>[0], vendorId: string, count: number) =>
  eventually(
    () => mailTo(smtp, ADDRESS[vendorId]!),
    (found) => found.length === count + 1,
  ).then((found) => found.filter((mail) => mail.inReplyTo));
