import type { ModulePlugin } from '#server/app-context';
import { registerVendorRoutes } from './routes';

export const vendorsPlugin: ModulePlugin = async (app, context) => {
  registerVendorRoutes(app, context, context.guards);
};
