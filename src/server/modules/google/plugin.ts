import type { ModulePlugin } from '#server/app-context';
import { registerGoogleRoutes } from './routes';

export const googlePlugin: ModulePlugin = async (app, context) => {
  registerGoogleRoutes(app, context, context.guards);
};
