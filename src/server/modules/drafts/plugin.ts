import type { ModulePlugin } from '#server/app-context';
import { registerDraftRoutes } from './routes';

export const draftsPlugin: ModulePlugin = async (app, context) => {
  registerDraftRoutes(app, context, context.guards);
};
