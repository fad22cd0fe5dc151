import type { ModulePlugin } from '#server/app-context';
import { registerFileRoutes } from './routes';

export const filesPlugin: ModulePlugin = async (app, context) => {
  registerFileRoutes(app, context, context.guards);
};
