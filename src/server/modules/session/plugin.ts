import type { ModulePlugin } from '#server/app-context';
import { registerSessionRoutes } from './routes';

export const sessionPlugin: ModulePlugin = async (app, context) => {
  registerSessionRoutes(app, context, context.guards);
};
