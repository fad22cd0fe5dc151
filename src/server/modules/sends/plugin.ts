import type { ModulePlugin } from '#server/app-context';
import { registerSendLogRoutes } from './log-routes';
import { registerReminderRoutes } from './reminder-routes';
import { registerSendReuseRoutes } from './reuse-routes';
import { registerSendRoutes } from './routes';

/** A send: making it, its log and details, its reuse, its reminders switch (decision 0030). */
export const sendsPlugin: ModulePlugin = async (app, context) => {
  const { guards, limits } = context;
  registerSendRoutes(app, context, guards, limits);
  registerSendLogRoutes(app, context, guards);
  registerSendReuseRoutes(app, context, guards, limits);
  registerReminderRoutes(app, context, guards, limits.vendorUpdates);
};
