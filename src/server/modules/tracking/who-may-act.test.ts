import { describe, expect } from 'vitest';
import { APPROVALS, eventually, sendBodyFor } from '#server/testing/send-fixtures';
import { ADMIN_EMAIL } from '#server/testing/test-app';
import { mailTo, vendorCall } from '#server/testing/tracking-fixtures';
import {
  ACTIONS,
  ADDRESS,
  addressesOf,
  COLLEAGUE,
  deliveryUrl,
  followUpsOf,
  it,
  refusal,
  repliesTo,
  SENDER,
  signatureOf,
  SLOW_MS,
} from './who-may-act-fixtures';

describe('only the sender or an admin speaks for a send (decision 0023)', () => {
  it(
    "answers a seed test: refused to a colleague (nothing mailed); the sender's and an admin's replies are each signed by and answered to their writer, in the vendor's thread",
    async ({ t, admin, sender, colleague, smtp, sent, as }) => {
      const url = deliveryUrl(sent.sendId, 'acme1234', 'review');
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
      expect(await followUpsOf(t, sent.sendId)).toEqual([]);
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
      const url = (vendorId: string) => deliveryUrl(sent.sendId, vendorId, 'revoke-link');
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
      const url = (vendorId: string) => deliveryUrl(sent.sendId, vendorId, 'tracking');
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
});
