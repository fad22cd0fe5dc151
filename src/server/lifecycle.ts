import type { FastifyInstance } from 'fastify';

/** Something the app runs in the background or holds open: a loop on a timer, a worker, a connection. */
export interface LifecyclePart {
  /** Names it in the log lines of its start and stop. */
  name: string;
  /** Called once the app is ready, unless `autoStart` is false (tests that run it by hand). */
  start?: () => void | Promise<void>;
  /** Start with the app. Default true. */
  autoStart?: boolean;
  /** Called when the app closes, started or not (it may have been run by hand): waits for work in progress. */
  stop: () => void | Promise<void>;
}

export interface Lifecycle {
  /** Adds a part while the app is being built; parts start in the order added and stop in the reverse order. */
  add(part: LifecyclePart): void;
}

/**
 * The one place where the app's background work starts and stops: each part starts on `onReady`, in the order added,
 * and stops on `onClose` in the reverse order, each stop awaited before the next, so that what a later part uses (the
 * delivery worker under the reminders, the database under all) is still there while it finishes. A part that fails
 * to stop is logged and the others still stop. Nothing starts once the app is closing.
 */
export function registerLifecycle(app: FastifyInstance): Lifecycle {
  const parts: LifecyclePart[] = [];
  let phase: 'building' | 'ready' | 'closing' = 'building';

  app.addHook('onReady', async () => {
    if (phase !== 'building') return;
    phase = 'ready';
    for (const part of parts) {
      if (phase !== 'ready') return;
      if (part.autoStart === false || !part.start) continue;
      await part.start();
      app.log.info({ part: part.name }, 'started with the app');
    }
  });

  app.addHook('preClose', async () => {
    phase = 'closing';
  });

  app.addHook('onClose', async () => {
    phase = 'closing';
    for (const part of [...parts].reverse()) {
      try {
        await part.stop();
        app.log.info({ part: part.name }, 'stopped with the app');
      } catch (error) {
        app.log.error({ err: error, part: part.name }, 'failed to stop; stopping the rest');
      }
    }
  });

  return {
    add(part) {
      if (phase !== 'building') throw new Error(`${part.name} was added to the lifecycle after the app was built`);
      parts.push(part);
    },
  };
}
