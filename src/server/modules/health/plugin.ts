import type { ModulePlugin } from '#server/app-context';
import { registerHealthRoutes } from './routes';

export const healthPlugin: ModulePlugin = async (app, { db, storage, transport }) => {
  registerHealthRoutes(app, { db, storage, transport });
};
