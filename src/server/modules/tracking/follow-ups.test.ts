import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { auditLog, emailDeliveries } from '#server/db/schema';
import { createStorage } from '#server/storage/create-storage';
import { eventually, queueDrained } from '#server/testing/send-fixtures';
import { bearer, type TestContext } from '#server/testing/test-app';
import { mailTo, trackingTest } from '#server/testing/tracking-fixtures';
import { queueFollowUp, type FollowUpDeps } from './follow-ups';

const it = trackingTest;

/** The queue's side of follow-ups for a test: the app's database and file store; the app's own worker sends them. */
function followUpDeps(t: TestContext): FollowUpDeps {
  return {
    db: t.database.db,
    storage: createStorage(t.config),
    publicUrl: t.config.publicUrl,
    deliveries: {
      wake: () => {},
      now: () => new Date(),
      options: { maxAttempts: 6 } as FollowUpDeps['deliveries']['options'],
    },
  };
}

async function originalDeliveryId(t: TestContext, sendId: number, vendorId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: emailDeliveries.id })
    .from(emailDeliveries)
    .where(
      and(eq(emailDeliveries.sendId, sendId), eq(emailDeliveries.vendorId, vendorId), eq(emailDeliveries.kind, 'send')),
    );
  return row!.id;
}

const BODY = { paragraphs: [['A follow-up in the same thread.']] };

describe('follow-up messages in the thread of a vendor message (issue 14 items 3 and 5)', () => {
  it('sends a reply To the vendor through the same queue and SMTP transport, threaded to our Message-ID', async ({
    t,
    smtp,
    sent,
  }) => {
    const [original] = await mailTo(smtp, 'ops@acme.test');
    expect(original?.messageId).toMatch(/^<.+@.+>$/);
    const queued = await queueFollowUp(followUpDeps(t), {
      originalDeliveryId: await originalDeliveryId(t, sent.sendId, 'acme1234'),
      kind: 'reminder',
      key: 'test:thread',
      body: BODY,
      byUserId: null,
    });
    expect(queued).toMatchObject({ deliveryId: expect.any(Number), subject: `Re: ${original!.subject}` });

    const mails = await eventually(
      () => mailTo(smtp, 'ops@acme.test'),
      (found) => found.length === 2,
    );
    const reply = mails.find((mail) => mail.messageId !== original!.messageId)!;
    expect(reply.messageId).toBe(queued!.messageId);
    expect(reply.inReplyTo).toBe(original!.messageId);
    expect(reply.references).toBe(original!.messageId);
    expect(reply.subject).toBe(`Re: ${original!.subject}`);
    expect(reply.from?.value).toEqual(original!.from?.value);
    expect(reply.to).toEqual(original!.to);
    expect(reply.cc).toBeUndefined();
    expect(reply.text).toContain('A follow-up in the same thread.');
    // Sent by the same worker, recorded on its own row (the outcome is written once the server's answer is in, which may
    // be just after the sink has the message).
    const row = await eventually(
      async () =>
        (await t.database.db.select().from(emailDeliveries).where(eq(emailDeliveries.id, queued!.deliveryId)))[0],
      (found) => found?.status !== 'sending',
    );
    expect(row).toMatchObject({
      kind: 'reminder',
      status: 'sent',
      attempts: 1,
      followUpKey: 'test:thread',
      storeId: expect.any(String),
      sendId: sent.sendId,
    });
  });

  it('queues a key once: two at once make one message, and only the one that queued runs its part of the transaction', async ({
    t,
    smtp,
    sent,
  }) => {
    const deps = followUpDeps(t);
    const request = {
      originalDeliveryId: await originalDeliveryId(t, sent.sendId, 'bravo5678'),
      kind: 'reminder' as const,
      key: 'reminder:once',
      body: BODY,
      byUserId: null,
    };
    const noted = (tx: Parameters<NonNullable<Parameters<typeof queueFollowUp>[2]>>[0]) =>
      tx
        .insert(auditLog)
        .values({
          actorUserId: null,
          actorEmail: 'system',
          action: 'test.noted',
          entity: 'test',
          entityId: 'once',
          at: new Date(),
        })
        .then(() => {});
    const results = await Promise.all([queueFollowUp(deps, request, noted), queueFollowUp(deps, request, noted)]);
    expect(results.filter((result) => result !== null)).toHaveLength(1);
    expect(await queueFollowUp(deps, request, noted)).toBeNull();
    expect(await t.database.db.$count(emailDeliveries, eq(emailDeliveries.followUpKey, 'reminder:once'))).toBe(1);
    expect(await t.database.db.$count(auditLog, eq(auditLog.action, 'test.noted'))).toBe(1);
    await queueDrained(t.database.db);
    expect(await mailTo(smtp, 'team@bravo.test')).toHaveLength(2);
  });

  it("leaves the send's own messages as they were: the Deployment Log lists and counts one message per vendor", async ({
    t,
    app,
    admin,
    smtp,
    sent,
  }) => {
    const deps = followUpDeps(t);
    for (const key of ['a', 'b']) {
      await queueFollowUp(deps, {
        originalDeliveryId: await originalDeliveryId(t, sent.sendId, 'carta9012'),
        kind: 'reminder',
        key,
        body: BODY,
        byUserId: null,
      });
    }
    await eventually(
      () => mailTo(smtp, 'hello@carta.test'),
      (found) => found.length === 3,
    );
    const [entry] = (await app.inject({ method: 'GET', url: '/api/email-logs', headers: bearer(admin) })).json();
    expect(entry.deliveries.map((delivery: { vendorId: string }) => delivery.vendorId).sort()).toEqual([
      'acme1234',
      'bravo5678',
      'carta9012',
    ]);
    // The follow-ups are not the vendor's message: its download and 'Send again' stay the original.
    const eml = await app.inject({
      method: 'GET',
      url: `/api/email-logs/${sent.sendId}/deliveries/carta9012/eml`,
      headers: bearer(admin),
    });
    expect(eml.statusCode).toBe(200);
    expect(eml.body).not.toContain('In-Reply-To');
  });
});
