import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import type { FileStorage } from '#server/storage/storage';
import type { MailTransport } from '../transport';
import { bringForward } from './progress-repository';

/** What a message put back to wait was waiting for. */
export type AwayPart = 'mail' | 'store';

/**
 * Deliveries this worker put back to wait because the mail server or the file store was away: brought forward as soon
 * as that part answers again, instead of after their back-off. Each instance watches for the messages it held itself.
 */
export interface AwayWatch {
  hold(deliveryId: number, part: AwayPart, emlKey: string): void;
  stop(): void;
}

export interface AwayWatchDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  storage: FileStorage;
  transport: MailTransport;
  probeIntervalMs: number;
  /** Messages became due: the worker looks at the queue. */
  wake(): void;
}

export function createAwayWatch(deps: AwayWatchDeps): AwayWatch {
  const { db, clock, log, storage, transport } = deps;
  const heldFor = new Map<number, { part: AwayPart; emlKey: string }>();
  let probe: NodeJS.Timeout | undefined;
  let isStopped = false;

  /** Whether the part answers again: the mail server takes a connection and EHLO; the store reads a held message. */
  async function isBack(part: AwayPart, emlKey: string): Promise<boolean> {
    try {
      if (part === 'mail') await transport.verify!();
      else await storage.get(emlKey);
      return true;
    } catch {
      return false;
    }
  }

  /** Asks each part that messages wait for whether it is back; those it held are due at once when it is. */
  async function probeHeld() {
    for (const part of ['mail', 'store'] as const) {
      const waiting = [...heldFor].filter(([, hold]) => hold.part === part);
      if (waiting.length === 0 || !(await isBack(part, waiting[0]![1].emlKey))) continue;
      const ids = waiting.map(([id]) => id);
      try {
        const due = await bringForward(db, ids, clock.now());
        for (const id of ids) heldFor.delete(id);
        log.info(
          { count: due.length, part },
          `the ${part === 'mail' ? 'mail server' : 'file store'} answers again: the messages held for it are due now`,
        );
        if (due.length > 0) deps.wake();
      } catch {
        // The database is away: asked again later.
      }
    }
  }

  /** Probes every probeIntervalMs while messages wait for a part that was away. */
  function probeLater() {
    if (probe || isStopped || heldFor.size === 0) return;
    probe = setTimeout(() => {
      void probeHeld().finally(() => {
        probe = undefined;
        probeLater();
      });
    }, deps.probeIntervalMs);
    probe.unref();
  }

  return {
    hold(deliveryId, part, emlKey) {
      heldFor.set(deliveryId, { part, emlKey });
      probeLater();
    },
    stop() {
      isStopped = true;
      clearTimeout(probe);
    },
  };
}
