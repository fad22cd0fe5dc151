import fp from 'fastify-plugin';
import type { ModulePlugin } from '#server/app-context';
import { createReminderScheduler } from './reminders';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's vendor reminders: `runNow()` sweeps at once (tests; the timer does it otherwise). */
    reminders: { runNow(): Promise<number> };
  }
}

/**
 * The vendor reminders' sweep, started and stopped by the app's lifecycle. Not encapsulated: `app.reminders` is a
 * decorator of the whole app (tests sweep by hand through it).
 */
const startReminders: ModulePlugin = async (app, context) => {
  const { db, clock, storage, config, deliveries } = context;
  const reminders = createReminderScheduler(
    { db, clock, storage, publicUrl: config.publicUrl, deliveries, delayMs: config.vendorReminderMs, log: app.log },
    context.reminders,
  );
  app.decorate('reminders', { runNow: reminders.runNow });
  context.lifecycle.add({
    name: 'vendor reminders',
    autoStart: reminders.autoStart,
    start: () => reminders.start(),
    stop: () => reminders.stop(),
  });
};

export const remindersPlugin = fp(startReminders, { name: 'reminders' });
