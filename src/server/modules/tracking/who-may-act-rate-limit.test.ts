import { describe, expect } from 'vitest';
import { FAST_DELIVERY } from '#server/testing/send-fixtures';
import { vendorCall } from '#server/testing/tracking-fixtures';
import { ACTIONS, deliveryUrl, followUpsOf, it, repliesTo, SLOW_MS } from './who-may-act-fixtures';

describe('only the sender or an admin speaks for a send (decision 0023)', () => {
  describe('with at most 3 replies and updates to vendors per user in 10 minutes', () => {
    it.override('appDeps', {
      delivery: FAST_DELIVERY,
      rateLimits: { vendorUpdates: { max: 3, windowMs: 10 * 60_000 } },
    });

    it(
      'answers 429 with the house message after three, for that user only, and mails nothing more',
      async ({ t, admin, sender, smtp, sent, as }) => {
        const url = deliveryUrl(sent.sendId, 'acme1234', 'review');
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
          code: 'too-many-requests',
        });
        expect(answers[3]!.headers['retry-after']).toEqual(expect.any(String));
        // The other routes count against the same limit; another user has their own count.
        expect((await as(sender, 'POST', deliveryUrl(sent.sendId, 'bravo5678', 'revoke-link'))).statusCode).toBe(429);
        expect(
          (await as(sender, 'POST', deliveryUrl(sent.sendId, 'bravo5678', 'tracking'), { action: 'received' }))
            .statusCode,
        ).toBe(429);
        expect(
          (await as(sender, 'PUT', `/api/email-logs/${sent.sendId}/reminders`, { enabled: false })).statusCode,
        ).toBe(429);
        expect(
          (await as(admin, 'POST', deliveryUrl(sent.sendId, 'bravo5678', 'tracking'), { action: 'received' }))
            .statusCode,
        ).toBe(200);

        expect(
          (await repliesTo(smtp, 'acme1234', 3)).map((mail) => mail.text?.match(/Change number \d/)?.[0]).sort(),
        ).toEqual(['Change number 1', 'Change number 2', 'Change number 3']);
        expect(await followUpsOf(t, sent.sendId)).toHaveLength(3);
      },
      SLOW_MS,
    );
  });
});
