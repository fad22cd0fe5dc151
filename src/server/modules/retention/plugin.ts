import type { ModulePlugin } from '#server/app-context';
import { createRetentionScheduler } from './scheduler';

/** Retention of a send's files: a loop on a timer, started and stopped by the app's lifecycle; no routes. */
export const retentionPlugin: ModulePlugin = async (app, context) => {
  const { db, clock, storage, config, maintenanceLock } = context;
  const retention = createRetentionScheduler(
    { db, clock, storage, retentionDays: config.retentionDays, log: app.log, lock: maintenanceLock },
    context.retention,
  );
  context.lifecycle.add({
    name: 'retention',
    autoStart: retention.autoStart,
    start: () => retention.start(),
    stop: () => retention.stop(),
  });
};
