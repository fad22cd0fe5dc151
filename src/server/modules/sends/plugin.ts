import type { ModulePlugin } from '#server/app-context';
import { registerEmailLogRoutes } from './log-routes';
import { registerReminderRoutes } from './reminder-routes';
import { registerPastSendRoutes } from './reuse-routes';
import { registerSendRoutes } from './routes';

/** A send: making it, its log and details, its reuse, its reminders switch (decision 0030). */
export const sendsPlugin: ModulePlugin = async (app, context) => {
  const { guards, limits } = context;
  registerSendRoutes(app, context, guards, limits);
  registerEmailLogRoutes(app, context, guards);
  registerPastSendRoutes(app, context, guards, limits);
  registerReminderRoutes(app, context, guards, limits.vendorUpdates);
};
