import type { ModulePlugin } from '#server/app-context';
import { registerAppSettingsRoutes } from './routes';

export const appSettingsPlugin: ModulePlugin = async (app, context) => {
  registerAppSettingsRoutes(app, context, context.guards);
};
