import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SaveQueue, type SaveStatus } from './save-queue';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SaveQueue', () => {
  it('debounces saves per key', async () => {
    const queue = new SaveQueue();
    const run = vi.fn(async () => {});
    queue.schedule('card', run, 500);
    await vi.advanceTimersByTimeAsync(300);
    queue.schedule('card', run, 500);
    await vi.advanceTimersByTimeAsync(300);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(run).toHaveBeenCalledTimes(1);
    expect(queue.hasPending).toBe(false);
  });

  it('saves again after a save that ran while a change came in', async () => {
    const queue = new SaveQueue();
    let release!: () => void;
    const calls: string[] = [];
    queue.schedule(
      'card',
      () =>
        new Promise<void>((resolve) => {
          calls.push('first');
          release = resolve;
        }),
      0,
    );
    await vi.advanceTimersByTimeAsync(0);
    queue.schedule(
      'card',
      async () => {
        calls.push('second');
      },
      500,
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual(['first']);
    release();
    await vi.advanceTimersByTimeAsync(10);
    expect(calls).toEqual(['first', 'second']);
  });

  it('retries a failed save with back-off, tells the user after repeated failures, and recovers', async () => {
    const statuses: SaveStatus[] = [];
    const onWarning = vi.fn();
    const queue = new SaveQueue({
      retryDelaysMs: [100, 200],
      failuresBeforeWarning: 3,
      onWarning,
      onStatus: (s) => statuses.push(s),
    });
    let failuresLeft = 4;
    const run = vi.fn(async () => {
      if (failuresLeft-- > 0) throw new Error('offline');
    });
    queue.schedule('session', run, 0);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    expect(queue.status()).toBe('retrying');
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(run).toHaveBeenCalledTimes(3);
    expect(onWarning).toHaveBeenCalledTimes(1);
    expect(queue.status()).toBe('failing');
    await vi.advanceTimersByTimeAsync(200);
    await vi.advanceTimersByTimeAsync(200);
    expect(run).toHaveBeenCalledTimes(5);
    expect(queue.status()).toBe('saved');
    expect(statuses.at(-1)).toBe('saved');
    expect(onWarning).toHaveBeenCalledTimes(1);
  });

  it('drops a cancelled save and flushes waiting ones at once', async () => {
    const queue = new SaveQueue();
    const cancelled = vi.fn(async () => {});
    const flushed = vi.fn(async () => {});
    queue.schedule('a', cancelled, 500);
    queue.schedule('b', flushed, 500);
    queue.cancel('a');
    await queue.flush();
    expect(flushed).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(cancelled).not.toHaveBeenCalled();
    expect(flushed).toHaveBeenCalledTimes(1);
  });
});

describe('SaveQueue with isRetryable', () => {
  it('drops a save that failed for good and says so, and saves a change made meanwhile', async () => {
    const gaveUp: unknown[] = [];
    const saved: string[] = [];
    const queue = new SaveQueue({
      isRetryable: (error) => (error as Error).message !== 'gone',
      onGiveUp: (_key, error) => gaveUp.push((error as Error).message),
      onSaved: (key) => saved.push(key),
    });
    let reject!: (error: Error) => void;
    queue.schedule(
      'split',
      () =>
        new Promise<void>((_resolve, fail) => {
          reject = fail;
        }),
      0,
    );
    await vi.advanceTimersByTimeAsync(0);
    const next = vi.fn(async () => {});
    queue.schedule('split', next, 0);
    reject(new Error('gone'));
    await vi.advanceTimersByTimeAsync(10);
    expect(gaveUp).toEqual(['gone']);
    expect(next).toHaveBeenCalledTimes(1);
    expect(saved).toEqual(['split']);
    expect(queue.status()).toBe('saved');
  });

  it('says a refused change is not saved, whatever else saves, until a later save of its key goes through', async () => {
    const statuses: [SaveStatus, unknown][] = [];
    const queue = new SaveQueue({
      isRetryable: (error) => (error as Error).message !== 'too large',
      onStatus: (status, refusal) => statuses.push([status, refusal]),
    });
    const tooLarge = new Error('too large');
    queue.schedule(
      'card:a',
      async () => {
        throw tooLarge;
      },
      0,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.status()).toBe('refused');
    expect(queue.refusal).toBe(tooLarge);
    expect(statuses.at(-1)).toEqual(['refused', tooLarge]);
    expect(queue.hasPending).toBe(false);
    // Another key saving does not mend it.
    queue.schedule('session', async () => {}, 0);
    expect(queue.status()).toBe('saving');
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.status()).toBe('refused');
    // The next edit saves again: refused again, it stays so; taken, the status follows.
    queue.schedule(
      'card:a',
      async () => {
        throw tooLarge;
      },
      500,
    );
    expect(queue.status()).toBe('saving');
    await vi.advanceTimersByTimeAsync(500);
    expect(queue.status()).toBe('refused');
    queue.schedule('card:a', async () => {}, 500);
    await vi.advanceTimersByTimeAsync(500);
    expect(queue.status()).toBe('saved');
    expect(queue.refusal).toBeUndefined();
    expect(statuses.at(-1)).toEqual(['saved', undefined]);
  });

  it('forgets a refused change whose card was removed', async () => {
    const queue = new SaveQueue({ isRetryable: () => false });
    queue.schedule(
      'card:a',
      async () => {
        throw new Error('too large');
      },
      0,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.status()).toBe('refused');
    queue.cancel('card:a');
    expect(queue.status()).toBe('saved');
  });

  it('still retries a failure that is worth another try', async () => {
    const onGiveUp = vi.fn();
    const queue = new SaveQueue({
      retryDelaysMs: [100],
      isRetryable: (error) => (error as Error).message === 'offline',
      onGiveUp,
    });
    let failuresLeft = 1;
    const run = vi.fn(async () => {
      if (failuresLeft-- > 0) throw new Error('offline');
    });
    queue.schedule('utm-source', run, 0);
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.status()).toBe('retrying');
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(2);
    expect(queue.status()).toBe('saved');
    expect(onGiveUp).not.toHaveBeenCalled();
  });
});
