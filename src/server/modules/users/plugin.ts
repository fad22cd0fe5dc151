import type { ModulePlugin } from '#server/app-context';
import { registerUserRoutes } from './routes';

export const usersPlugin: ModulePlugin = async (app, context) => {
  registerUserRoutes(app, { ...context, log: app.log }, context.guards);
};
