import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerLifecycle, type LifecyclePart } from './lifecycle';
import { captureLogs } from './testing/log-capture';
import { createTestApp } from './testing/test-app';

/** A part that writes what happens to it into `events`; its stop ends a turn of the event loop after it began. */
function recordingPart(name: string, events: string[], options: { autoStart?: boolean; stopFails?: boolean } = {}) {
  const part: LifecyclePart = {
    name,
    autoStart: options.autoStart,
    start: () => void events.push(`start ${name}`),
    stop: async () => {
      events.push(`stopping ${name}`);
      await new Promise((resolve) => setImmediate(resolve));
      if (options.stopFails) throw new Error(`${name} would not stop`);
      events.push(`stopped ${name}`);
    },
  };
  return part;
}

describe('the app lifecycle', () => {
  it('starts the parts in order when the app is ready and stops all of them in reverse, each stop awaited', async () => {
    const app = Fastify();
    const lifecycle = registerLifecycle(app);
    const events: string[] = [];
    const parts = [
      recordingPart('worker', events),
      recordingPart('by hand', events, { autoStart: false }),
      recordingPart('sweep', events),
    ];
    for (const part of parts) lifecycle.add(part);

    expect(events).toEqual([]);
    await app.ready();
    expect(events).toEqual(['start worker', 'start sweep']);

    await app.close();
    expect(events.slice(2)).toEqual([
      'stopping sweep',
      'stopped sweep',
      'stopping by hand',
      'stopped by hand',
      'stopping worker',
      'stopped worker',
    ]);
  });

  it('stops the others when one fails to stop, and logs it', async () => {
    const logs = captureLogs();
    const app = Fastify({ logger: { level: 'info', stream: logs.stream } });
    const lifecycle = registerLifecycle(app);
    const events: string[] = [];
    const parts = [recordingPart('first', events), recordingPart('second', events, { stopFails: true })];
    for (const part of parts) lifecycle.add(part);
    await app.ready();

    await app.close();
    expect(events.slice(2)).toEqual(['stopping second', 'stopping first', 'stopped first']);
    expect(logs.entries()).toContainEqual(
      expect.objectContaining({ part: 'second', msg: 'failed to stop; stopping the rest' }),
    );
  });

  it('starts nothing when the app closes without having been ready, and takes no part after it was built', async () => {
    const app = Fastify();
    const lifecycle = registerLifecycle(app);
    const events: string[] = [];
    const part = recordingPart('sweep', events);
    lifecycle.add(part);

    await app.close();
    expect(events).not.toContain('start sweep');
    expect(() => lifecycle.add(recordingPart('late', events))).toThrow(/after the app was built/);
  });

  it("runs the app's background work through it: the worker, retention and reminders, stopped in reverse", async () => {
    const logs = captureLogs();
    const t = await createTestApp({}, undefined, { logger: { level: 'info', stream: logs.stream } });
    const lines = (msg: string) =>
      logs
        .entries()
        .filter((entry) => entry.msg === msg)
        .map((entry) => entry.part);
    try {
      await t.app.ready();
      expect(lines('started with the app')).toEqual(['delivery worker', 'retention', 'vendor reminders']);
    } finally {
      await t.close();
    }
    expect(lines('stopped with the app')).toEqual([
      'vendor reminders',
      'retention',
      'delivery worker',
      'mail transport',
      'read cache',
    ]);
  });
});
