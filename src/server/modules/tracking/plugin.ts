import type { ModulePlugin } from '#server/app-context';
import { registerTrackingRoutes } from './routes';
import { registerVendorPageRoutes } from './vendor-routes';

/** The team's side of deployment tracking and the vendors' public page. */
export const trackingPlugin: ModulePlugin = async (app, context) => {
  const { db, storage, config, deliveries, guards, limits } = context;
  const followUps = { db, storage, publicUrl: config.publicUrl, deliveries };
  registerTrackingRoutes(app, { ...context, followUps }, guards, limits.vendorUpdates);
  registerVendorPageRoutes(app, context, limits.vendorPage);
};
