import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emailDeliveries } from '#server/db/schema';
import { createLocalStorage } from '#server/storage/local';
import { allSettled, deliveryTest } from '../testing/delivery-fixtures';
import { eventually, FAST_DELIVERY } from '../testing/send-fixtures';
import { createKeptMessages } from './queue/kept-messages';

const bytes = (size: number, fill: number) => Buffer.alloc(size, fill);

describe('messages kept in memory for their first attempt', () => {
  afterEach(() => void vi.useRealTimers());

  it('gives each message once, the pieces it was kept with', () => {
    const kept = createKeptMessages({ maxBytes: 1000, ttlMs: 60_000 });
    const pieces = [bytes(10, 1), bytes(20, 2)];
    kept.keep(new Map([['a', pieces]]));
    expect(kept.take('a')).toBe(pieces);
    expect(kept.take('a')).toBeUndefined();
    expect(kept.take('b')).toBeUndefined();
  });

  it('counts a piece the messages share once, and keeps no message that would go over its bytes', () => {
    const shared = bytes(600, 9);
    const kept = createKeptMessages({ maxBytes: 1000, ttlMs: 60_000 });
    // 600 shared + 3 x 100 of their own = 900: all three fit; a fourth of 200 of its own does not.
    const messages = new Map(['a', 'b', 'c', 'd'].map((key, i) => [key, [bytes(i < 3 ? 100 : 200, i), shared]]));
    kept.keep(messages);
    expect(kept.take('d')).toBeUndefined();
    expect(kept.take('a')).toBe(messages.get('a'));
    // 'a' taken: its own 100 bytes are free again, the shared piece is still held for 'b' and 'c'.
    const e = [bytes(200, 5), shared];
    kept.keep(new Map([['e', e]]));
    expect(kept.take('e')).toBe(e);
    for (const key of ['b', 'c']) expect(kept.take(key)).toBe(messages.get(key));
    // Nothing held now: a message of the whole allowance fits.
    const whole = bytes(1000, 7);
    kept.keep(new Map([['f', whole]]));
    expect(kept.take('f')).toBe(whole);
  });

  it('lets a message go after its time, and all of them when cleared', () => {
    vi.useFakeTimers();
    const kept = createKeptMessages({ maxBytes: 1000, ttlMs: 1_000 });
    kept.keep(new Map([['a', bytes(10, 1)]]));
    vi.advanceTimersByTime(600);
    kept.keep(new Map([['b', bytes(10, 2)]]));
    vi.advanceTimersByTime(500);
    expect(kept.take('a')).toBeUndefined();
    expect(kept.take('b')).toBeDefined();
    kept.keep(new Map([['c', bytes(1000, 3)]]));
    kept.clear();
    expect(kept.take('c')).toBeUndefined();
    // Cleared means nothing held: the whole allowance is free.
    kept.keep(new Map([['d', bytes(1000, 4)]]));
    expect(kept.take('d')).toBeDefined();
  });
});

/** The app's file store, with every read of it recorded. */
const storeReads = deliveryTest
  .extend('reads', (): string[] => [])
  .extend('store', ({ dataDir }) => createLocalStorage(join(dataDir, 'files')))
  .extend('appDeps', ({ store, reads }) => ({
    delivery: FAST_DELIVERY,
    storage: { ...store, get: (key: string) => (reads.push(key), store.get(key)) },
  }));

describe('a new send', () => {
  storeReads(
    'sends its messages from memory on their first attempt, the bytes it stored, without reading them back',
    async ({ t, app, smtp, send, reads, store }) => {
      expect((await send(app)).json()).toMatchObject({ mailed: 3 });
      expect(reads).toEqual([]);
      const rows = await t.database.db.select({ key: emailDeliveries.emlKey }).from(emailDeliveries);
      const stored = await Promise.all(rows.map(({ key }) => store.get(key)));
      expect(smtp.received.map((message) => message.raw.toString('latin1')).sort()).toEqual(
        stored.map((raw) => raw!.toString('latin1')).sort(),
      );
    },
  );

  storeReads(
    'reads a message back from the store for a second attempt, and sends the same bytes again',
    async ({ t, app, smtp, send, logs, reads }) => {
      const tries = new Map<string, number>();
      smtp.answer = (message) => {
        const to = message.to[0]!;
        tries.set(to, (tries.get(to) ?? 0) + 1);
        return tries.get(to) === 1 ? { kind: 'refuse', code: 451, message: 'Try again later' } : { kind: 'accept' };
      };
      await send(app);
      await eventually(() => logs(app), allSettled);
      const rows = await t.database.db.select({ key: emailDeliveries.emlKey }).from(emailDeliveries);
      expect([...reads].sort()).toEqual(rows.map(({ key }) => key).sort());
      for (const sent of smtp.received) {
        const first = smtp.refused.find((message) => message.to[0] === sent.to[0])!;
        expect(sent.raw.equals(first.raw)).toBe(true);
      }
    },
  );
});
