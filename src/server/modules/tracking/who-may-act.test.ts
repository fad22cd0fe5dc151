import { and, eq, ne } from 'drizzle-orm';
import type { AddressObject, ParsedMail } from 'mailparser';
import { describe, expect } from 'vitest';
import { emailDeliveries } from '#server/db/schema';
import { test } from '#server/testing/fixtures';
import {
  APPROVALS,
  FAST_DELIVERY,
  eventually,
  seedVendors,
  sendBodyFor,
  vendorPageLinkIn,
} from '#server/testing/send-fixtures';
import { ADMIN_EMAIL, addAndRegister, bearer, type TestContext } from '#server/testing/test-app';
import { mailTo, tokenOf, vendorCall } from '#server/testing/tracking-fixtures';

/** The sender signs as 'Dana', the colleague as 'Lee', the admin as 'Admin' (first names from their addresses). */
const SENDER = 'dana@agency.test';
const COLLEAGUE = 'lee@agency.test';
const ADDRESS: Record<string, string> = {
  acme1234: 'ops@acme.test',
  bravo5678: 'team@bravo.test',
  carta9012: 'hello@carta.test',
};
const ACTIONS = '/api/vendor-page/actions';
const HOUR = 3_600_000;
/** Three registrations (argon2), a send and replies through a real SMTP server: more than the default 20 s on a busy machine. */
const SLOW_MS = 90_000;

const refusal = (action: string) => `Only the person who made this send, or an admin, can ${action}.`;
const deliveryUrl = (logId: number, vendorId: string, action: string) =>
  `/api/email-logs/${logId}/deliveries/${vendorId}/${action}`;
const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.map((entry) => entry.address));
/** The last paragraph before the end of a follow-up's text: its signature. */
const signatureOf = (mail: ParsedMail) => mail.text?.trim().split('\n\n').at(-1);

/**
 * An app mailing through the SMTP sink; the admin set up the vendors and two members; one of them (the sender) sent
 * to every test vendor. `sent` has the send's id, each vendor's link and its original message as the SMTP server got it.
 */
const it = test
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
    return { logId: response.json().id as number, links, originals };
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
async function followUpsOf(t: TestContext, logId: number) {
  return t.database.db
    .select({ kind: emailDeliveries.kind })
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.logId, logId), ne(emailDeliveries.kind, 'send')));
}

/** The replies a vendor got (its messages other than the send's). */
const repliesTo = (smtp: Parameters<typeof mailTo>[0], vendorId: string, count: number) =>
  eventually(
    () => mailTo(smtp, ADDRESS[vendorId]!),
    (found) => found.length === count + 1,
  ).then((found) => found.filter((mail) => mail.inReplyTo));

describe('only the sender or an admin speaks for a send (decision 0023)', () => {
  it(
    "answers a seed test: refused to a colleague (nothing mailed); the sender's and an admin's replies are each signed by and answered to their writer, in the vendor's thread",
    async ({ t, admin, sender, colleague, smtp, sent, as }) => {
      const url = deliveryUrl(sent.logId, 'acme1234', 'review');
      expect(
        (await vendorCall(t.app, sent.links.acme1234!, 'POST', ACTIONS, { action: 'seed-test-sent' })).statusCode,
      ).toBe(200);

      const refused = await as(colleague, 'POST', url, {
        decision: 'request-changes',
        note: 'Send it to me instead: lee@elsewhere.test',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(refusal("answer its vendors' seed tests"));
      expect((await as(colleague, 'POST', url, { decision: 'approve' })).statusCode).toBe(403);
      expect((await as(null, 'POST', url, { decision: 'approve' })).statusCode).toBe(401);
      expect(await followUpsOf(t, sent.logId)).toEqual([]);
      expect((await vendorCall(t.app, sent.links.acme1234!, 'GET', '/api/vendor-page')).json().tracking).toMatchObject({
        status: 'seed-test-sent',
        reviewNote: null,
      });

      const original = sent.originals.acme1234!;
      const bySender = await as(sender, 'POST', url, { decision: 'request-changes', note: 'The footer is missing.' });
      expect(bySender.json()).toMatchObject({ replyQueued: true, tracking: { status: 'changes-requested' } });
      const [senderReply] = await repliesTo(smtp, 'acme1234', 1);
      expect(senderReply!.text).toContain('The footer is missing.');
      expect(signatureOf(senderReply!)).toBe('Thank you,\nDana');
      expect(addressesOf(senderReply!.replyTo)).toEqual([SENDER, ...APPROVALS]);
      expect(senderReply!.from?.value).toEqual(original.from?.value);
      expect(senderReply!.inReplyTo).toBe(original.messageId);
      expect(senderReply!.references).toBe(original.messageId);

      // A new seed test; an admin answers for the sender: the From is still the send's, the signature and Reply-To the admin's.
      await vendorCall(t.app, sent.links.acme1234!, 'POST', ACTIONS, { action: 'seed-test-sent' });
      t.clock.advance(1000);
      expect((await as(admin, 'POST', url, { decision: 'approve', note: 'Fixed, thank you.' })).json()).toMatchObject({
        replyQueued: true,
        tracking: { status: 'approved' },
      });
      const adminReply = (await repliesTo(smtp, 'acme1234', 2)).find(
        (mail) => mail.messageId !== senderReply!.messageId,
      )!;
      expect(adminReply.text).toContain('Note from the team: Fixed, thank you.');
      expect(signatureOf(adminReply)).toBe('Thank you,\nAdmin');
      expect(addressesOf(adminReply.replyTo)).toEqual([ADMIN_EMAIL, ...APPROVALS]);
      expect(adminReply.from?.value).toEqual(original.from?.value);
      expect(adminReply.inReplyTo).toBe(original.messageId);
      expect(adminReply.references).toBe(original.messageId);
      expect(adminReply.text).not.toContain('Dana');
    },
    SLOW_MS,
  );

  it(
    "turns a vendor's link off: refused to a colleague (the link still works), done by the sender and by an admin",
    async ({ t, admin, sender, colleague, sent, as }) => {
      const url = (vendorId: string) => deliveryUrl(sent.logId, vendorId, 'revoke-link');
      const refused = await as(colleague, 'POST', url('acme1234'));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(refusal("turn off its vendors' links"));
      expect((await as(null, 'POST', url('acme1234'))).statusCode).toBe(401);
      expect((await vendorCall(t.app, sent.links.acme1234!, 'GET', '/api/vendor-page')).statusCode).toBe(200);

      expect((await as(sender, 'POST', url('acme1234'))).statusCode).toBe(200);
      expect((await as(admin, 'POST', url('bravo5678'))).statusCode).toBe(200);
      expect((await vendorCall(t.app, sent.links.acme1234!, 'GET', '/api/vendor-page')).statusCode).toBe(410);
      expect((await vendorCall(t.app, sent.links.bravo5678!, 'GET', '/api/vendor-page')).statusCode).toBe(410);
      expect((await vendorCall(t.app, sent.links.carta9012!, 'GET', '/api/vendor-page')).statusCode).toBe(200);
    },
    SLOW_MS,
  );

  it(
    "records an update on a vendor's behalf: refused to a colleague (nothing changes), done by the sender and by an admin",
    async ({ t, admin, sender, colleague, sent, as }) => {
      const url = (vendorId: string) => deliveryUrl(sent.logId, vendorId, 'tracking');
      const status = async (vendorId: string) =>
        (await vendorCall(t.app, sent.links[vendorId]!, 'GET', '/api/vendor-page')).json().tracking.status;
      const refused = await as(colleague, 'POST', url('acme1234'), { action: 'cannot-deploy', reason: 'List closed' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(refusal('record updates for its vendors'));
      expect((await as(null, 'POST', url('acme1234'), { action: 'received' })).statusCode).toBe(401);
      expect(await status('acme1234')).toBe('sent');

      expect((await as(sender, 'POST', url('acme1234'), { action: 'received' })).statusCode).toBe(200);
      expect((await as(admin, 'POST', url('bravo5678'), { action: 'received' })).statusCode).toBe(200);
      expect([await status('acme1234'), await status('bravo5678'), await status('carta9012')]).toEqual([
        'received',
        'received',
        'sent',
      ]);
    },
    SLOW_MS,
  );

  it(
    "adds vendors: any member may (the new vendor's message is theirs: From, signature and Reply-To), as an admin may",
    async ({ admin, sender, colleague, smtp, as }) => {
      const send = async () =>
        (await as(sender, 'POST', '/api/send-email-consolidated', sendBodyFor(['acme1234']))).json().id as number;
      const first = await send();
      expect(
        (await as(null, 'POST', `/api/email-logs/${first}/add-vendors`, { vendorIds: ['bravo5678'] })).statusCode,
      ).toBe(401);
      expect(
        (await as(sender, 'POST', `/api/email-logs/${first}/add-vendors`, { vendorIds: ['bravo5678'] })).statusCode,
      ).toBe(200);
      expect(
        (await as(colleague, 'POST', `/api/email-logs/${first}/add-vendors`, { vendorIds: ['carta9012'] })).statusCode,
      ).toBe(200);
      const second = await send();
      expect(
        (await as(admin, 'POST', `/api/email-logs/${second}/add-vendors`, { vendorIds: ['bravo5678'] })).statusCode,
      ).toBe(200);

      const [bySender, byAdmin] = await eventually(
        () => mailTo(smtp, ADDRESS.bravo5678!),
        (found) => found.length === 2,
      );
      const [byColleague] = await eventually(
        () => mailTo(smtp, ADDRESS.carta9012!),
        (found) => found.length === 1,
      );
      for (const [mail, email, name] of [
        [bySender, SENDER, 'Dana'],
        [byColleague, COLLEAGUE, 'Lee'],
        [byAdmin, ADMIN_EMAIL, 'Admin'],
      ] as const) {
        expect(mail!.from?.value, email).toEqual([{ address: email, name }]);
        expect(addressesOf(mail!.replyTo), email).toEqual([email, ...APPROVALS]);
        expect(mail!.text, email).toContain(`Thank you,\n${name}\n`);
      }
    },
    SLOW_MS,
  );

  describe('reminders, with the queue and the sweep on the test clock', () => {
    it.override('appDeps', { delivery: { ...FAST_DELIVERY, clock: undefined }, reminders: { autoStart: false } });

    it(
      'turns them on only as the sender or an admin, off as any member; a reminder speaks for the sender whoever turned them on',
      async ({ t, admin, sender, colleague, smtp, sent, as }) => {
        const url = `/api/email-logs/${sent.logId}/reminders`;
        expect((await as(colleague, 'PUT', url, { enabled: false })).json()).toEqual({
          id: sent.logId,
          remindersEnabled: false,
        });
        const refused = await as(colleague, 'PUT', url, { enabled: true });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(refusal('turn its reminders on'));
        expect((await as(null, 'PUT', url, { enabled: true })).statusCode).toBe(401);
        expect((await as(null, 'PUT', url, { enabled: false })).statusCode).toBe(401);
        t.clock.advance(25 * HOUR);
        expect(await t.app.reminders.runNow()).toBe(0);

        expect((await as(sender, 'PUT', url, { enabled: true })).statusCode).toBe(200);
        expect((await as(sender, 'PUT', url, { enabled: false })).statusCode).toBe(200);
        expect((await as(admin, 'PUT', url, { enabled: true })).json()).toEqual({
          id: sent.logId,
          remindersEnabled: true,
        });
        expect(await t.app.reminders.runNow()).toBe(3);
        const [reminder] = await repliesTo(smtp, 'bravo5678', 1);
        expect(reminder!.text).toMatch(/reminder/i);
        expect(signatureOf(reminder!)).toBe('Thank you,\nDana');
        expect(addressesOf(reminder!.replyTo)).toEqual([SENDER, ...APPROVALS]);
        expect(reminder!.inReplyTo).toBe(sent.originals.bravo5678!.messageId);
      },
      SLOW_MS,
    );
  });

  describe('with at most 3 replies and updates to vendors per user in 10 minutes', () => {
    it.override('appDeps', {
      delivery: FAST_DELIVERY,
      rateLimits: { vendorUpdates: { max: 3, windowMs: 10 * 60_000 } },
    });

    it(
      'answers 429 with the house message after three, for that user only, and mails nothing more',
      async ({ t, admin, sender, smtp, sent, as }) => {
        const url = deliveryUrl(sent.logId, 'acme1234', 'review');
        await vendorCall(t.app, sent.links.acme1234!, 'POST', ACTIONS, { action: 'seed-test-sent' });
        const answers = [];
        for (let i = 1; i <= 5; i++) {
          t.clock.advance(1000);
          answers.push(await as(sender, 'POST', url, { decision: 'request-changes', note: `Change number ${i}` }));
        }
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429, 429]);
        expect(answers[3]!.json()).toEqual({
          message:
            'You can make at most 3 replies and updates to vendors in 10 minutes. Please try again in 10 minutes.',
        });
        expect(answers[3]!.headers['retry-after']).toEqual(expect.any(String));
        // The other routes count against the same limit; another user has their own count.
        expect((await as(sender, 'POST', deliveryUrl(sent.logId, 'bravo5678', 'revoke-link'))).statusCode).toBe(429);
        expect(
          (await as(sender, 'POST', deliveryUrl(sent.logId, 'bravo5678', 'tracking'), { action: 'received' }))
            .statusCode,
        ).toBe(429);
        expect(
          (await as(sender, 'PUT', `/api/email-logs/${sent.logId}/reminders`, { enabled: false })).statusCode,
        ).toBe(429);
        expect(
          (await as(admin, 'POST', deliveryUrl(sent.logId, 'bravo5678', 'tracking'), { action: 'received' }))
            .statusCode,
        ).toBe(200);

        expect(
          (await repliesTo(smtp, 'acme1234', 3)).map((mail) => mail.text?.match(/Change number \d/)?.[0]).sort(),
        ).toEqual(['Change number 1', 'Change number 2', 'Change number 3']);
        expect(await followUpsOf(t, sent.logId)).toHaveLength(3);
      },
      SLOW_MS,
    );
  });
});
