import type { ModulePlugin } from '#server/app-context';
import { registerPayoutRoutes } from './routes';

/** Payouts (issue 24): amounts owed per send and vendor, monthly statements, accepted quantities, quantity limits. */
export const payoutsPlugin: ModulePlugin = async (app, context) => {
  registerPayoutRoutes(app, context, context.guards);
};
