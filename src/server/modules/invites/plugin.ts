import type { ModulePlugin } from '#server/app-context';
import { registerInviteRoutes } from './routes';

export const invitesPlugin: ModulePlugin = async (app, context) => {
  registerInviteRoutes(app, context);
};
