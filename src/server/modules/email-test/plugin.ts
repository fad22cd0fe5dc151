import type { ModulePlugin } from '#server/app-context';
import { registerEmailTestRoutes } from './routes';

export const emailTestPlugin: ModulePlugin = async (app, context) => {
  registerEmailTestRoutes(app, context, context.guards, context.limits);
};
