import type { ModulePlugin } from '#server/app-context';
import { registerApprovalEmailRoutes } from './routes';

export const approvalEmailsPlugin: ModulePlugin = async (app, context) => {
  registerApprovalEmailRoutes(app, { ...context, approvalDomains: context.config.approvalDomains }, context.guards);
};
