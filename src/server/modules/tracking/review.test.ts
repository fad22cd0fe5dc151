import { simpleParser } from 'mailparser';
import { describe, expect } from 'vitest';
import { fakeGoogleEnv } from '#server/testing/fake-google';
import { test } from '#server/testing/fixtures';
import { runGoogleFlow, sessionOf } from '#server/testing/google-flow';
import {
  eventually,
  FAST_DELIVERY,
  queueDrained,
  seedVendors,
  sendBodyFor,
  vendorPageLinkIn,
} from '#server/testing/send-fixtures';
import { bearer } from '#server/testing/test-app';
import { mailTo, tokenOf, trackingTest, vendorCall } from '#server/testing/tracking-fixtures';

const it = trackingTest;
const ACTIONS = '/api/vendor-page/actions';
const reviewUrl = (sendId: number, vendorId: string) => `/api/email-logs/${sendId}/deliveries/${vendorId}/review`;

describe("the team's answer to a seed test (issue 14 item 3)", () => {
  it('approves: saved with its audit entry, shown on the vendor page and the log, and the vendor is e-mailed in the thread of its message', async ({
    app,
    admin,
    smtp,
    sent,
  }) => {
    const token = tokenOf(sent.links.acme1234!);
    expect((await vendorCall(app, token, 'POST', ACTIONS, { action: 'seed-test-sent' })).statusCode).toBe(200);
    const [original] = await mailTo(smtp, 'ops@acme.test');

    const response = await app.inject({
      method: 'POST',
      url: reviewUrl(sent.sendId, 'acme1234'),
      headers: bearer(admin),
      payload: { decision: 'approve', note: 'Looks great.' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      replyQueued: true,
      tracking: { status: 'approved', reviewNote: 'Looks great.', reviewedAt: expect.any(String) },
    });

    // The vendor sees the decision and the note.
    const page = (await vendorCall(app, token, 'GET', '/api/vendor-page')).json();
    expect(page.tracking).toMatchObject({ status: 'approved', reviewNote: 'Looks great.' });
    expect(page.history.at(-1)).toMatchObject({
      by: 'team',
      action: 'approved',
      summary: 'Seed test approved: Looks great.',
    });
    // So does the team, on the Deployment Log entry, which still lists one message per vendor.
    const [entry] = (await app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(admin) })).json();
    expect(entry.deliveries).toHaveLength(3);
    expect(
      entry.deliveries.find((delivery: { vendorId: string }) => delivery.vendorId === 'acme1234').tracking,
    ).toMatchObject({ status: 'approved', reviewNote: 'Looks great.' });
    // Audited as the team member.
    const audit = (await app.inject({ method: 'GET', url: '/api/audit-log?limit=50', headers: bearer(admin) })).json();
    const approvals = audit.entries.filter((candidate: { action: string }) => candidate.action === 'tracking.approved');
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toMatchObject({
      actorEmail: 'admin@agency.test',
      entity: 'deployment-tracking',
      after: { status: 'approved', summary: 'Seed test approved: Looks great.' },
    });

    // The reply: through the same SMTP transport, To the vendor, threaded to the original's Message-ID.
    const mails = await eventually(
      () => mailTo(smtp, 'ops@acme.test'),
      (found) => found.length === 2,
    );
    const reply = mails.find((mail) => mail.messageId !== original!.messageId)!;
    expect(reply.inReplyTo).toBe(original!.messageId);
    expect(reply.references).toBe(original!.messageId);
    expect(reply.subject).toBe(`Re: ${original!.subject}`);
    expect(reply.text).toContain('Your seed test is approved');
    expect(reply.text).toContain('Note from the team: Looks great.');
    expect(approvals[0].after.replyMessageId).toBe(reply.messageId);
  });

  it('requests changes with a required note, which the vendor sees and is e-mailed', async ({
    app,
    admin,
    smtp,
    sent,
  }) => {
    const token = tokenOf(sent.links.bravo5678!);
    await vendorCall(app, token, 'POST', ACTIONS, { action: 'seed-test-sent' });
    const url = reviewUrl(sent.sendId, 'bravo5678');
    const cases: [unknown, RegExp][] = [
      [{ decision: 'request-changes' }, /^note is required/],
      [{ decision: 'request-changes', note: '   ' }, /^note is required/],
      [{ decision: 'request-changes', note: 'x'.repeat(2001) }, /^note may be at most 2000 characters/],
      [{ decision: 'reject' }, /^decision must be approve or request-changes/],
      [{}, /^decision /],
    ];
    for (const [payload, message] of cases) {
      const response = await app.inject({ method: 'POST', url, headers: bearer(admin), payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await vendorCall(app, token, 'GET', '/api/vendor-page')).json().tracking.status).toBe('seed-test-sent');

    const response = await app.inject({
      method: 'POST',
      url,
      headers: bearer(admin),
      payload: { decision: 'request-changes', note: 'The unsubscribe link is missing.' },
    });
    expect(response.statusCode).toBe(200);
    const page = (await vendorCall(app, token, 'GET', '/api/vendor-page')).json();
    expect(page.tracking).toMatchObject({
      status: 'changes-requested',
      reviewNote: 'The unsubscribe link is missing.',
    });
    expect(page.history.at(-1)).toMatchObject({
      by: 'team',
      summary: 'Changes requested: The unsubscribe link is missing.',
    });
    const mails = await eventually(
      () => mailTo(smtp, 'team@bravo.test'),
      (found) => found.length === 2,
    );
    expect(
      mails.some((mail) => mail.text?.includes('The unsubscribe link is missing.') && mail.subject?.startsWith('Re: ')),
    ).toBe(true);

    // A new seed test after the changes can then be approved.
    await vendorCall(app, token, 'POST', ACTIONS, { action: 'seed-test-sent' });
    expect(
      (await app.inject({ method: 'POST', url, headers: bearer(admin), payload: { decision: 'approve' } })).json()
        .tracking.status,
    ).toBe('approved');
  });

  it('answers 409 when there is no seed test to review, 404 for an unknown message, 401 without a session; nobody is mailed', async ({
    app,
    database,
    admin,
    smtp,
    sent,
  }) => {
    const url = reviewUrl(sent.sendId, 'carta9012');
    const before = smtp.received.length;
    const noSeedTest = await app.inject({
      method: 'POST',
      url,
      headers: bearer(admin),
      payload: { decision: 'approve' },
    });
    expect(noSeedTest.statusCode).toBe(409);
    expect(noSeedTest.json().message).toBe('There is no seed test to review: the vendor has not reported sending one.');

    const token = tokenOf(sent.links.carta9012!);
    await vendorCall(app, token, 'POST', ACTIONS, { action: 'seed-test-sent' });
    await vendorCall(app, token, 'POST', ACTIONS, { action: 'deployed', date: '2026-03-10', quantity: 1000 });
    const deployed = await app.inject({
      method: 'POST',
      url,
      headers: bearer(admin),
      payload: { decision: 'request-changes', note: 'Too late?' },
    });
    expect(deployed.statusCode).toBe(409);
    expect(deployed.json().message).toBe('This deployment is already reported as deployed.');

    const unknown = await app.inject({
      method: 'POST',
      url: reviewUrl(sent.sendId, 'nobody99'),
      headers: bearer(admin),
      payload: { decision: 'approve' },
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'POST', url, payload: { decision: 'approve' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toEqual(expect.any(String));

    await queueDrained(database.db);
    expect(smtp.received.length).toBe(before);
    expect((await vendorCall(app, token, 'GET', '/api/vendor-page')).json().tracking.status).toBe('deployed');
  });

  it('sends one reply for a double click: the same answer twice at once, and once more later', async ({
    app,
    database,
    admin,
    smtp,
    sent,
  }) => {
    const token = tokenOf(sent.links.acme1234!);
    await vendorCall(app, token, 'POST', ACTIONS, { action: 'seed-test-sent' });
    const click = () =>
      app.inject({
        method: 'POST',
        url: reviewUrl(sent.sendId, 'acme1234'),
        headers: bearer(admin),
        payload: { decision: 'request-changes', note: 'Please fix the footer.' },
      });
    const answers = await Promise.all([click(), click()]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().replyQueued).sort()).toEqual([false, true]);
    expect((await click()).json()).toMatchObject({ replyQueued: false, tracking: { status: 'changes-requested' } });

    await queueDrained(database.db);
    expect(await mailTo(smtp, 'ops@acme.test')).toHaveLength(2);
    const audit = (await app.inject({ method: 'GET', url: '/api/audit-log?limit=50', headers: bearer(admin) })).json();
    expect(
      audit.entries.filter((entry: { action: string }) => entry.action === 'tracking.changes-requested'),
    ).toHaveLength(1);
  });
});

describe('the reply under the gmail transport', () => {
  const gmailTest = test
    .extend('env', ({ dataDir, google }): Record<string, string> => ({
      DATA_DIR: dataDir,
      MAIL_TRANSPORT: 'gmail',
      ...fakeGoogleEnv(google),
    }))
    .extend('appDeps', { delivery: FAST_DELIVERY });

  gmailTest("goes out as the original sender, in the original message's Gmail thread", async ({ app, google }) => {
    const session = await sessionOf(app, await runGoogleFlow(app));
    await seedVendors(app, session);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/send-email-consolidated',
      headers: bearer(session),
      payload: sendBodyFor(['acme1234']) as object,
    });
    expect(sent.statusCode).toBe(200);
    const original = google.sentMessages[0]!;
    const parsedOriginal = await simpleParser(original.raw);
    const token = tokenOf(vendorPageLinkIn(parsedOriginal.text)!);
    await vendorCall(app, token, 'POST', ACTIONS, { action: 'seed-test-sent' });

    const review = await app.inject({
      method: 'POST',
      url: reviewUrl(sent.json().id, 'acme1234'),
      headers: bearer(session),
      payload: { decision: 'approve' },
    });
    expect(review.json().replyQueued).toBe(true);
    await eventually(
      async () => google.sentMessages.length,
      (count) => count === 2,
    );
    const reply = google.sentMessages[1]!;
    expect(reply.sender).toBe(original.sender);
    expect(reply.threadId).toBe(original.threadId);
    expect(reply.contentType).toMatch(/^multipart\/related/);
    const parsed = await simpleParser(reply.raw);
    expect(parsed.inReplyTo).toBe(parsedOriginal.messageId);
    expect(parsed.references).toBe(parsedOriginal.messageId);
    expect(parsed.subject).toBe(`Re: ${parsedOriginal.subject}`);
  });
});
