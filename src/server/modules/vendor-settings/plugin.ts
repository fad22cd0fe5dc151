import type { ModulePlugin } from '#server/app-context';
import { registerVendorSettingsRoutes } from './routes';

export const vendorSettingsPlugin: ModulePlugin = async (app, context) => {
  registerVendorSettingsRoutes(app, context, context.guards);
};
