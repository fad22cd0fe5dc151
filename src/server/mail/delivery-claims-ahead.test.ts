import { asc } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Database } from '../db/client';
import { emailDeliveries } from '../db/schema';
import { FAST_DELIVERY, eventually, seedVendors } from '../testing/send-fixtures';
import { ADMIN_EMAIL, createRestartableDatabase, createTestApp, register, type TestContext } from '../testing/test-app';
import { sendAs as sendFor, smtpTest } from '../testing/delivery-fixtures';

/** These tests start apps on a database of their own: more than the default 20 s on a busy machine. */
const INSTANCES_TIMEOUT_MS = 90_000;
const LEASE_MS = 500;

const sendAs = (app: TestContext['app'], token: string, vendorIds?: string[]) => sendFor(token)(app, vendorIds);

const it = smtpTest;

describe('claims made ahead of the free slots', () => {
  it(
    'are each renewed while they wait, and go back to the queue, their attempt not counted, when the app closes before sending them',
    async ({ env, smtp }) => {
      const restartable = await createRestartableDatabase();
      let reopened: Database | undefined;
      try {
        let answer = () => {};
        smtp.answer = () => ({ kind: 'accept', after: new Promise<void>((resolve) => (answer = resolve)) });
        // One message at a time, two more claimed ahead; claims lapse after half a second unless renewed.
        const delivery = {
          ...FAST_DELIVERY,
          concurrency: 1,
          claimAhead: 2,
          leaseMs: LEASE_MS,
          heartbeatMs: LEASE_MS / 10,
          pollIntervalMs: LEASE_MS / 10,
          firstAttemptWaitMs: 0,
        };
        const first = await createTestApp(env, await restartable.open(), { delivery });
        const token = await register(first.app, ADMIN_EMAIL);
        await seedVendors(first.app, token);
        expect((await sendAs(first.app, token)).json()).toMatchObject({ pending: 3 });
        const rows = () =>
          first.database.db
            .select({
              status: emailDeliveries.status,
              attempts: emailDeliveries.attempts,
              lockedUntil: emailDeliveries.lockedUntil,
            })
            .from(emailDeliveries)
            .orderBy(asc(emailDeliveries.id));
        // The first message is at the mail server (its answer held); the other two wait, claimed, for its slot.
        const claimed = await eventually(
          rows,
          (list) => smtp.attempts === 1 && list.every((row) => row.status === 'sending'),
        );
        expect(claimed.map((row) => row.status)).toEqual(['sending', 'sending', 'sending']);
        // Three leases later they are still claimed, renewed by their heartbeats, not swept as 'uncertain'.
        const firstLease = Math.max(...claimed.map((row) => row.lockedUntil!.getTime()));
        const held = await eventually(
          rows,
          (list) => list.some((row) => row.status !== 'sending') || Date.now() > firstLease + 3 * LEASE_MS,
        );
        expect(held.map((row) => row.status)).toEqual(['sending', 'sending', 'sending']);
        expect(Math.min(...held.map((row) => row.lockedUntil!.getTime()))).toBeGreaterThan(firstLease);

        // Closing the app gives back the two never handed to the mail server, then waits for the one that was.
        const closing = first.close();
        const released = await eventually(rows, (list) => list.filter((row) => row.status === 'pending').length === 2);
        expect(released.filter((row) => row.status === 'pending').map((row) => row.attempts)).toEqual([0, 0]);
        answer();
        await closing;
        reopened = await restartable.open();
        const after = await reopened.db
          .select({
            status: emailDeliveries.status,
            attempts: emailDeliveries.attempts,
            lockedUntil: emailDeliveries.lockedUntil,
          })
          .from(emailDeliveries)
          .orderBy(asc(emailDeliveries.id));
        // Which of the three went first is the claim's choice: the one sent, and two as they were before the claim.
        expect(after.map((row) => JSON.stringify(row)).sort()).toEqual(
          [
            { status: 'pending', attempts: 0, lockedUntil: null },
            { status: 'pending', attempts: 0, lockedUntil: null },
            { status: 'sent', attempts: 1, lockedUntil: null },
          ].map((row) => JSON.stringify(row)),
        );
        expect(smtp.received).toHaveLength(1);
      } finally {
        await reopened?.close();
        await restartable.cleanup();
      }
    },
    INSTANCES_TIMEOUT_MS,
  );
});
