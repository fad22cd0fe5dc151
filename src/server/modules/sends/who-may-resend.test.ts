import { describe, expect } from 'vitest';
import { test } from '#server/testing/fixtures';
import { FAST_DELIVERY, eventually, seedVendors, sendBodyFor } from '#server/testing/send-fixtures';
import { ADMIN_EMAIL as ADMIN, addAndRegister, bearer } from '#server/testing/test-app';

const SENDER = 'sender@agency.test';
const COLLEAGUE = 'colleague@agency.test';

/** Three registrations (argon2), a send and re-sends: more than the default 20 s on a machine shared by parallel runs. */
const SLOW_MS = 60_000;

type Delivery = { vendorId: string; status: string; error: string | null };
type LogEntry = { id: number; sentBy: string; deliveries: Delivery[] };

const statuses = (entries: LogEntry[]) => entries[0]!.deliveries.map((delivery) => delivery.status);

/** An app sending through the SMTP sink; the admin has set up the vendors and signed in a sender and a colleague. */
const it = test
  .extend('env', ({ dataDir, smtp }): Record<string, string> => ({
    DATA_DIR: dataDir,
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: smtp.url,
  }))
  .extend('appDeps', { delivery: FAST_DELIVERY })
  .extend('users', { auto: true }, async ({ app, admin, smtp }) => {
    await seedVendors(app, admin);
    const users = {
      sender: await addAndRegister(app, admin, SENDER),
      colleague: await addAndRegister(app, admin, COLLEAGUE),
    };
    // Only the vendor messages count below, not the two invitations mailed to the new users.
    smtp.received.length = 0;
    return users;
  })
  .extend('sender', ({ users }) => users.sender)
  .extend('colleague', ({ users }) => users.colleague)
  .extend(
    'post',
    ({ app }) =>
      (token: string, url: string) =>
        app.inject({ method: 'POST', url, headers: bearer(token) }),
  )
  .extend(
    'send',
    ({ app }) =>
      (token: string, vendorIds: string[]) =>
        app.inject({
          method: 'POST',
          url: '/api/send-email-consolidated',
          headers: bearer(token),
          payload: sendBodyFor(vendorIds) as object,
        }),
  )
  .extend(
    'logs',
    ({ app }) =>
      async (token: string): Promise<LogEntry[]> =>
        (await app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(token) })).json(),
  );

/** Slow enough retries that a message is still queued when the admin removes its sender. */
const withSlowRetries = it.extend('appDeps', {
  delivery: { ...FAST_DELIVERY, baseDelayMs: 200, maxDelayMs: 200, maxAttempts: 100 },
});

describe('who may act on a send', () => {
  it(
    "lets only the sender and admins download a vendor's message while its personal link works, and records each download",
    async ({ app, admin, sender, colleague, send, logs }) => {
      expect((await send(sender, ['acme1234'])).statusCode).toBe(200);
      const [entry] = await eventually(
        () => logs(sender),
        (entries) => statuses(entries).join() === 'sent',
      );
      const emlUrl = `/api/email-logs/${entry!.id}/deliveries/acme1234/eml`;
      const download = (token?: string) =>
        app.inject({ method: 'GET', url: emlUrl, headers: token ? bearer(token) : {} });

      expect((await download()).statusCode).toBe(401);
      const refused = await download(colleague);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        message:
          "Only the person who made this send, or an admin, can download this message while the vendor's personal link in it still works.",
        code: 'forbidden',
      });
      for (const token of [sender, admin]) {
        const allowed = await download(token);
        expect(allowed.statusCode).toBe(200);
        expect(allowed.body).toContain('/vendor#');
      }

      // Who downloaded which vendor's message, and when: the refused request left nothing.
      const audit = (
        await app.inject({ method: 'GET', url: '/api/audit-log?limit=50', headers: bearer(admin) })
      ).json();
      const downloads = audit.entries.filter((line: { action: string }) => line.action === 'eml-downloaded');
      expect(downloads).toEqual(
        [ADMIN, SENDER].map((email) =>
          expect.objectContaining({
            actorEmail: email,
            entity: 'email_delivery',
            entityId: expect.any(String),
            at: expect.any(String),
            after: { sendId: entry!.id, vendorId: 'acme1234', vendorName: expect.any(String) },
          }),
        ),
      );

      // Once the link is turned off, the message gives nothing away: any member may download it, unrecorded.
      expect(
        (
          await app.inject({
            method: 'POST',
            url: `/api/email-logs/${entry!.id}/deliveries/acme1234/revoke-link`,
            headers: bearer(sender),
          })
        ).statusCode,
      ).toBe(200);
      expect((await download(colleague)).statusCode).toBe(200);
    },
    SLOW_MS,
  );

  it(
    "refuses 'Retry failed' and 'Send again' of someone else's send with 403, and lets the sender and an admin",
    async ({ smtp, admin, sender, colleague, post, send, logs }) => {
      // Bravo refuses for good, Acme's connection drops after the data: one failed and one uncertain delivery.
      smtp.answer = (message) =>
        message.to.includes('team@bravo.test')
          ? { kind: 'refuse', code: 550, message: 'Mailbox unavailable' }
          : { kind: 'drop' };
      expect((await send(sender, ['acme1234', 'bravo5678'])).statusCode).toBe(200);
      // The send answers after at most 5 s; on a busy machine the attempts may still be under way then.
      const [entry] = await eventually(
        () => logs(sender),
        (entries) => statuses(entries).join() === 'uncertain,failed',
      );
      const retryUrl = `/api/email-logs/${entry!.id}/retry-failed`;
      const againUrl = `/api/email-logs/${entry!.id}/deliveries/acme1234/send-again`;
      smtp.answer = undefined;

      const retry = await post(colleague, retryUrl);
      expect(retry.statusCode).toBe(403);
      expect(retry.json().message).toBe(
        'Only the person who made this send, or an admin, can retry its failed messages.',
      );
      const again = await post(colleague, againUrl);
      expect(again.statusCode).toBe(403);
      expect(again.json().message).toBe(
        'Only the person who made this send, or an admin, can send its messages again.',
      );
      // Nothing was re-queued or sent by the refused requests.
      expect(smtp.received).toHaveLength(0);
      expect(statuses(await logs(admin))).toEqual(['uncertain', 'failed']);
      // An unknown send is still 404 for anyone (not 403, which would say it exists).
      expect((await post(colleague, '/api/email-logs/999999/retry-failed')).statusCode).toBe(404);

      expect((await post(sender, retryUrl)).json()).toMatchObject({ requeued: 1 });
      expect(
        statuses(
          await eventually(
            () => logs(admin),
            (entries) => statuses(entries)[1] === 'sent',
          ),
        ),
      ).toEqual(['uncertain', 'sent']);
      expect((await post(admin, againUrl)).statusCode).toBe(200);
      expect(
        statuses(
          await eventually(
            () => logs(admin),
            (entries) => statuses(entries)[0] === 'sent',
          ),
        ),
      ).toEqual(['sent', 'sent']);
      expect(smtp.received).toHaveLength(2);
    },
    SLOW_MS,
  );

  withSlowRetries(
    'fails a queued message whose sender was removed from the list, with a reason the Deployment Log shows, and sends nothing',
    async ({ app, smtp, admin, sender, post, send, logs }) => {
      smtp.answer = () => ({ kind: 'refuse', code: 451, message: 'Try again later' });
      expect((await send(sender, ['carta9012'])).statusCode).toBe(200);

      const users: { email: string; authorizedEmailId: number }[] = (
        await app.inject({ method: 'GET', url: '/api/users', headers: bearer(admin) })
      ).json();
      const row = users.find((user) => user.email === SENDER)!;
      expect(
        (
          await app.inject({
            method: 'DELETE',
            url: `/api/authorized-emails/${row.authorizedEmailId}`,
            headers: bearer(admin),
          })
        ).statusCode,
      ).toBe(204);

      // The server keeps refusing: a retry claimed just before the removal may still reach it (and be refused), but the
      // message can only end 'failed' through the check at its next claim, since a refusal leaves it pending.
      const [entry] = await eventually(
        () => logs(admin),
        (entries) => entries[0]!.deliveries[0]!.status !== 'pending',
      );
      expect(entry!.sentBy).toBe(SENDER);
      expect(entry!.deliveries[0]).toMatchObject({ status: 'failed' });
      expect(entry!.deliveries[0]!.error).toBe(
        `Not sent: its sender (${SENDER}) is no longer on the authorized list, so nothing goes out in their name. ` +
          'An admin can add the address back and use Send again, or someone else can make a new send.',
      );
      expect(smtp.received).toHaveLength(0);
      smtp.answer = undefined;

      // An admin's 'Send again' does not get around it either: the message would still go out in the removed sender's name.
      expect((await post(admin, `/api/email-logs/${entry!.id}/deliveries/carta9012/send-again`)).statusCode).toBe(200);
      const [after] = await eventually(
        () => logs(admin),
        (entries) => statuses(entries)[0] !== 'pending',
      );
      expect(after!.deliveries[0]).toMatchObject({ status: 'failed' });
      expect(smtp.received).toHaveLength(0);
    },
    SLOW_MS,
  );
});
