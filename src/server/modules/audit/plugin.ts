import type { ModulePlugin } from '#server/app-context';
import { registerAuditRoutes } from './routes';

export const auditPlugin: ModulePlugin = async (app, context) => {
  registerAuditRoutes(app, context, context.guards);
};
