import type { FastifyBaseLogger } from 'fastify';
import type { MaintenanceLock } from '#server/maintenance-lock';
import { runRetentionOnce, type RetentionDeps } from './service';

export interface RetentionSchedule {
  /** How often an instance looks; one run per period across all instances. Default one hour. */
  everyMs?: number;
  /** Start with the app (tests run it by hand). Default true. */
  autoStart?: boolean;
}

/** Runs retention on a timer that never keeps the process alive; stop() waits for a run in progress. */
export function createRetentionScheduler(
  deps: RetentionDeps & { log: FastifyBaseLogger; lock: MaintenanceLock },
  schedule: RetentionSchedule = {},
) {
  const everyMs = schedule.everyMs ?? 3_600_000;
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const tick = () => {
    running ??= deps.lock
      .run(() => runRetentionOnce(deps, everyMs))
      .then((report) => {
        if (report && (report.logsCleared || report.orphansRemoved))
          deps.log.info(report, 'retention removed stored files');
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'retention failed; it runs again next period'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    autoStart: schedule.autoStart ?? true,
    start() {
      timer = setInterval(tick, everyMs);
      timer.unref();
      first = setTimeout(tick, Math.min(5_000, everyMs)).unref();
    },
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
    runNow: tick,
  };
}
